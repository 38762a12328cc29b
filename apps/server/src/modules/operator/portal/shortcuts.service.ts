import {
  ErrorCode,
  MAX_SHORTCUTS,
  MENU,
  MENU_GROUPS,
  type MenuEntry,
  menuFor,
  menuPageUrl,
  type Shortcut,
} from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { AppError, forbidden, invalidField, notFound } from '../../../platform/errors';
import { randomId } from '../../../platform/security/secrets';
import type { AuditActor, AuditLog } from '../audit';
import type { ShortcutRecord, ShortcutsRepository } from './shortcuts.repository';

/** The operator a call is made for: whose shortcuts, which menu, and how the audit log names them. */
export interface Owner {
  id: string;
  permissions: ReadonlySet<string>;
  actor: AuditActor;
  ip: string | null;
}

/** Positions run 0–9999 (the contract's range); a new shortcut goes after the last one. */
const LAST_POSITION = 9999;

const full = () =>
  new AppError(ErrorCode.CONFLICT, `快捷方式最多 ${MAX_SHORTCUTS} 个，请先删除不用的`, {
    data: { max: MAX_SHORTCUTS },
  });
const missing = () => notFound('未找到该快捷方式');

function present(row: ShortcutRecord): Shortcut {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    shortcutType: row.shortcut_type === 'menu' ? 'menu' : 'link',
    networkType: row.network_type === 'external' ? 'external' : 'internal',
    sorting: row.sorting,
    menuKey: row.menu_key,
  };
}

/** The operator's menu (spec §7 getUserMenus): the entries their permissions allow, and the groups that have any. */
export function userMenu(permissions: ReadonlySet<string>) {
  const entries: MenuEntry[] = menuFor([...permissions]);
  const used = new Set(entries.map((e) => e.group));
  return {
    groups: MENU_GROUPS.filter((g) => used.has(g.key)).map((g) => ({ key: g.key, label: g.label })),
    entries: entries.map((e) => ({ ...e })),
  };
}

/**
 * The portal's shortcuts: an operator's own, never anyone else's (the repository filters every
 * query by the owner), at most {@link MAX_SHORTCUTS}. Menu shortcuts point at pages of the
 * operator's own menu; a menu shortcut whose page the operator has since lost is not shown (and
 * comes back with the permission). Every change is audited.
 */
export class ShortcutsService {
  constructor(
    private readonly shortcuts: ShortcutsRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    private readonly newId: () => string = randomId,
  ) {}

  async list(owner: Owner): Promise<Shortcut[]> {
    const menu = new Set(menuFor([...owner.permissions]).map((e) => e.key));
    return (await this.shortcuts.list(owner.id))
      .filter((row) => row.menu_key === null || menu.has(row.menu_key))
      .map(present);
  }

  /**
   * saveUserShortCut. A `menu` shortcut must point at a page of the operator's menu
   * (`/platform/<path>`): it is stored with that entry's key, once per entry.
   */
  async save(
    input: { shortcutType: 'menu' | 'link'; networkType: 'internal' | 'external'; name: string; url: string },
    owner: Owner,
  ): Promise<Shortcut> {
    const entry = input.shortcutType === 'menu' ? this.menuEntryAt(input.url, owner) : undefined;
    const now = this.now();
    const row: ShortcutRecord = {
      id: this.newId(),
      operator_id: owner.id,
      name: input.name,
      url: input.url,
      shortcut_type: input.shortcutType,
      network_type: entry === undefined ? input.networkType : 'internal',
      menu_key: entry?.key ?? null,
      sorting: Math.min((await this.shortcuts.lastPosition(owner.id)) + 1, LAST_POSITION),
      created_at: now,
      updated_at: now,
    };
    const outcome = await this.shortcuts.insertBelowCap(row, MAX_SHORTCUTS);
    if (outcome === 'full') throw full();
    if (outcome === 'duplicate') throw new AppError(ErrorCode.CONFLICT, `「${entry?.label ?? ''}」已在快捷方式中`);
    const saved = present(row);
    await this.record(owner, 'shortcut.save', saved, null, saved);
    return saved;
  }

  /** updateUserShortCut: renames one of the operator's shortcuts. */
  async rename(id: string, name: string, owner: Owner): Promise<Shortcut> {
    return this.change(id, owner, { name });
  }

  /** updateShortCutSort: moves one of the operator's shortcuts to a position. */
  async move(id: string, sorting: number, owner: Owner): Promise<Shortcut> {
    return this.change(id, owner, { sorting });
  }

  /** delUserShortCut. */
  async delete(id: string, owner: Owner): Promise<void> {
    const existing = await this.shortcuts.byId(owner.id, id);
    if (existing === undefined || !(await this.shortcuts.delete(owner.id, id))) throw missing();
    const before = present(existing);
    await this.record(owner, 'shortcut.delete', before, before, null);
  }

  /**
   * batchSaveUserShortCut: the operator's menu shortcuts become exactly these menu entries, in
   * this order. Entries outside the operator's menu are refused (403), and nothing changes.
   */
  async replaceMenu(keys: readonly string[], owner: Owner): Promise<Shortcut[]> {
    const menu = new Map(menuFor([...owner.permissions]).map((e) => [e.key, e]));
    const outside = keys.filter((k) => !menu.has(k));
    if (outside.length > 0) {
      const labels = outside.map((k) => MENU.find((e) => e.key === k)?.label ?? k);
      throw forbidden(`没有这些菜单的权限：${labels.join('、')}`);
    }
    const before = (await this.shortcuts.list(owner.id)).map(present);
    const links = before.filter((s) => s.menuKey === null).length;
    if (links + keys.length > MAX_SHORTCUTS) throw full();
    const wanted = keys.flatMap((key) => {
      const entry = menu.get(key);
      return entry === undefined ? [] : [{ key, name: entry.label, url: menuPageUrl(entry.path) }];
    });
    await this.shortcuts.replaceMenu(owner.id, wanted, this.now(), this.newId);
    const after = (await this.shortcuts.list(owner.id)).map(present);
    await this.audit.record({
      actor: owner.actor,
      ip: owner.ip,
      action: 'shortcut.batch_save',
      target: { type: 'operator', id: owner.id, name: owner.actor.name },
      before: before.filter((s) => s.menuKey !== null),
      after: after.filter((s) => s.menuKey !== null),
    });
    return this.list(owner);
  }

  private async change(id: string, owner: Owner, change: { name?: string; sorting?: number }): Promise<Shortcut> {
    const existing = await this.shortcuts.byId(owner.id, id);
    if (existing === undefined) throw missing();
    const updated: ShortcutRecord = { ...existing, ...change, updated_at: this.now() };
    if (!(await this.shortcuts.update(owner.id, id, { ...change, updated_at: updated.updated_at }))) throw missing();
    const after = present(updated);
    await this.record(owner, 'shortcut.save', after, present(existing), after);
    return after;
  }

  /** The entry of the operator's menu whose page `url` is (400 otherwise: a menu shortcut must open a menu page). */
  private menuEntryAt(url: string, owner: Owner): MenuEntry {
    const entry = menuFor([...owner.permissions]).find((e) => menuPageUrl(e.path) === url);
    if (entry !== undefined) return entry;
    if (MENU.some((e) => menuPageUrl(e.path) === url)) throw forbidden('没有该菜单的权限');
    throw invalidField('url', '菜单快捷方式的地址应为本人菜单中的页面（/platform/…）');
  }

  private async record(
    owner: Owner,
    action: 'shortcut.save' | 'shortcut.delete',
    target: Shortcut,
    before: Shortcut | null,
    after: Shortcut | null,
  ): Promise<void> {
    await this.audit.record({
      actor: owner.actor,
      ip: owner.ip,
      action,
      target: { type: 'shortcut', id: target.id, name: target.name },
      before,
      after,
    });
  }
}
