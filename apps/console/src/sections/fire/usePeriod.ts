import { FIRE_DATE_TYPES } from '@lantian/contracts';
import { useSearchParams } from 'react-router';

export type DateType = keyof typeof FIRE_DATE_TYPES;
const isDateType = (v: string | null): v is DateType => v !== null && v in FIRE_DATE_TYPES;

export const PERIOD_OPTIONS = Object.entries(FIRE_DATE_TYPES).map(([value, label]) => ({ value, label }));

/** The fire calls' period from the address (`?dateType=`), this month by default (spec: "Fire calls default month"). */
export function usePeriod(): [DateType, (next: DateType) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('dateType');
  const dateType = isDateType(value) ? value : 'month';
  const set = (next: DateType) => {
    const p = new URLSearchParams(params);
    if (next === 'month') p.delete('dateType');
    else p.set('dateType', next);
    p.delete('pageNum');
    setParams(p);
  };
  return [dateType, set];
}
