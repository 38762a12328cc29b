import { type DictItem, dictResponse } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';

/**
 * Dictionary types several sections pick from (`/sys/dict/getDict`, every operator may read it): the
 * device types and the monitoring factors above all. Each type is fetched once and kept a while;
 * administrators rarely change them.
 */

export const dictKeys = { type: (type: string) => ['lookups', 'dict', type] as const };

export const getDict = (type: string, signal?: AbortSignal) =>
  apiGet('/sys/dict/getDict', { type }, dictResponse, { signal });

export function useDict(type: 'deviceType' | 'factor' | 'alarmLevel') {
  return useQuery({
    queryKey: dictKeys.type(type),
    queryFn: ({ signal }) => getDict(type, signal),
    staleTime: 5 * 60_000,
  });
}

export interface DictOption {
  value: string;
  label: string;
}

/** Select options: the label, with the code when `withCode` (factor codes mean something to operators). */
export function dictOptions(items: readonly DictItem[] | undefined, withCode = false): DictOption[] {
  return (items ?? []).map((i) => ({ value: i.value, label: withCode ? `${i.label}（${i.value}）` : i.label }));
}

/** The label of a code, or the code itself when the dictionary does not have it. */
export function dictLabel(items: readonly DictItem[] | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return items?.find((i) => i.value === value)?.label ?? value;
}

/** A factor's unit from the dictionary's `extra.unit`, or ''. */
export function factorUnit(items: readonly DictItem[] | undefined, code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return items?.find((i) => i.value === code)?.extra.unit ?? '';
}
