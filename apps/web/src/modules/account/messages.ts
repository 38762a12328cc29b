/**
 * The account flows' user-facing texts and how long they stay (spec §8 "Error catalogue", §9
 * "Timings"). Field-level texts come from @lantian/domain's validation rules (spec §5).
 */

export const TEXT = {
  connectionFailed: '服务器连接失败！',
  smsSendFailed: '验证码发送失败',
  registered: '注册成功',
  passwordReset: '密码已重置，请返回登录',
  passwordChanged: '密码更改成功，请重新登录',
  logoutTitle: '提示',
  logoutQuestion: '是否要退出登录？',
  slidePrompt: '向右拖动滑块填充拼图',
  slideHeader: '请完成安全验证',
  slideLoading: '安全检测中...',
} as const;

/** Seconds, as antd's message API takes them. */
export const DURATION = {
  /** Login and password errors (spec §9). */
  error: 4,
  /** The toast default of the public site (spec §9). */
  normal: 3,
} as const;

/** Spec §9 timings, in milliseconds unless named otherwise. */
export const TIMING = {
  sessionPollMs: 2_000,
  logoutAfterPasswordChangeMs: 1_800,
  smsCountdownSeconds: 120,
  slideThrottleMs: 50,
  slideFailResetMs: 1_000,
} as const;
