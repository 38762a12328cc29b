import type { Labels } from './devices.presenters';

interface DictionaryApi {
  items(type: string): Promise<Array<{ value: string; label: string; extra: Record<string, string> }>>;
}

/** Device type and factor names from the dictionary (cached there, dropped on every edit). */
export function dictionaryLabels(dictionary: DictionaryApi): Labels {
  return {
    async deviceType(code) {
      const item = (await dictionary.items('deviceType')).find((i) => i.value === code);
      return item === undefined ? undefined : { label: item.label };
    },
    async factor(code) {
      const item = (await dictionary.items('factor')).find((i) => i.value === code);
      return item === undefined ? undefined : { label: item.label, unit: item.extra.unit ?? '' };
    },
  };
}
