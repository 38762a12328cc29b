import type { CatalogNode } from '@lantian/contracts';
import type { Catalogue } from './events.service';

interface DictItem {
  value: string;
  label: string;
  extra: Record<string, string>;
}

/**
 * Hours from the dictionary's text: administrators edit it by hand, so anything but a positive number
 * ('', 'abc', '-3') counts as not configured rather than reaching a deadline as NaN.
 */
function hoursOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const hours = Number(text);
  return Number.isFinite(hours) && hours > 0 ? hours : null;
}

/**
 * The event catalogue from the dictionary's `eventCatalog` items: a sub-catalogue names its parent in
 * `extra.parent`, a catalogue's deadline (hours at normal priority) is `extra.deadlineHours`. Read on
 * every call: the dictionary caches its items and drops them on every instance when edited.
 */
export class DictionaryCatalogue implements Catalogue {
  constructor(
    private readonly items: () => Promise<DictItem[]>,
    private readonly anyLabel: (value: string) => Promise<string | undefined>,
  ) {}

  async entry(code: string) {
    const items = await this.items();
    const item = items.find((i) => i.value === code);
    if (item === undefined) return undefined;
    const own = hoursOf(item.extra.deadlineHours);
    const parent = item.extra.parent === undefined ? undefined : items.find((i) => i.value === item.extra.parent);
    return { label: item.label, deadlineHours: own ?? hoursOf(parent?.extra.deadlineHours) };
  }

  async label(code: string) {
    return (await this.anyLabel(code)) ?? code;
  }

  async withChildren(code: string) {
    const items = await this.items();
    const found = new Set([code]);
    // Any depth: keep adding children of what was found until nothing changes.
    let grew = true;
    while (grew) {
      grew = false;
      for (const item of items) {
        if (item.extra.parent !== undefined && found.has(item.extra.parent) && !found.has(item.value)) {
          found.add(item.value);
          grew = true;
        }
      }
    }
    return [...found];
  }

  async tree(): Promise<CatalogNode[]> {
    const items = await this.items();
    const known = new Set(items.map((i) => i.value));
    const node = (item: DictItem): CatalogNode => ({
      code: item.value,
      name: item.label,
      deadlineHours: hoursOf(item.extra.deadlineHours),
      children: items.filter((i) => i.extra.parent === item.value && i.value !== item.value).map(node),
    });
    // A child whose parent is disabled or missing shows at the top rather than disappearing.
    return items.filter((i) => i.extra.parent === undefined || !known.has(i.extra.parent)).map(node);
  }
}
