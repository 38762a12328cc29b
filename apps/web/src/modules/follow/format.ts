import { MISSING_TEXT } from '@lantian/domain';

export { truncateFollowName } from '@lantian/domain';

/** Follow-card time 'MM-DD HH:00' (spec §2) of a 'YYYY-MM-DD HH:mm:ss' China time. */
export function formatCardTime(time: string | null | undefined): string {
  const m = time == null ? null : /^\d{4}-(\d{2})-(\d{2})[ T](\d{2})/.exec(time);
  return m === null ? MISSING_TEXT : `${m[1]}-${m[2]} ${m[3]}:00`;
}
