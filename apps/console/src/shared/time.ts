/** How the platform's API writes and reads times: China time to the second, as dayjs formats it. */
export const SERVER_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A duration in seconds as people say it: 45 秒, 5 分钟, 1 小时 30 分钟, 1 天. */
export function formatSeconds(seconds: number): string {
  const total = Math.round(seconds);
  if (!Number.isFinite(total) || total <= 0) return '0 秒';
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const parts = [
    days > 0 ? `${days} 天` : '',
    hours > 0 ? `${hours} 小时` : '',
    minutes > 0 ? `${minutes} 分钟` : '',
    rest > 0 ? `${rest} 秒` : '',
  ].filter((p) => p !== '');
  return parts.join(' ');
}
