/**
 * When a dead relay (the ffmpeg that turns a camera's RTSP into HLS) is started again: 1 s, 2 s, 4 s …
 * capped at `maxSeconds`, so that a camera back from a reboot is picked up quickly and one that stays
 * away costs one attempt per cap. `failures` counts consecutive failed starts (1 = the first failure).
 */
export function relayBackoffSeconds(failures: number, maxSeconds = 30): number {
  if (failures <= 0) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(failures - 1, 20));
}

/**
 * An operator-readable reason for a relay that ended, from ffmpeg's last error lines. The cases are
 * the ones a camera actually gives: nothing listening, no route, wrong credentials, unknown path, a
 * stream that opened but sent nothing.
 */
export function relayFailureReason(stderr: string): string {
  const text = stderr.toLowerCase();
  if (text.includes('connection refused')) return '摄像机拒绝连接（RTSP 服务未运行或端口错误）';
  if (text.includes('401') || text.includes('unauthorized')) return '摄像机拒绝了用户名或密码';
  if (text.includes('404') || text.includes('not found')) return '摄像机上没有这个通道（RTSP 路径错误）';
  if (text.includes('no route to host') || text.includes('network is unreachable')) return '网络不可达';
  if (text.includes('timed out') || text.includes('timeout') || text.includes('connection timed out'))
    return '连接摄像机超时';
  if (text.includes('invalid data') || text.includes('could not find codec')) return '摄像机的视频流无法识别';
  if (text.includes('end of file') || text.includes('connection reset')) return '摄像机中断了视频流';
  return '视频流中断';
}
