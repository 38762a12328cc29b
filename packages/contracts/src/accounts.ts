import { z } from 'zod';
import { envelope } from './envelope';
import { ErrorCode } from './error-codes';

/**
 * The account calls under /api/user/* (spec §3, §5, §7 "Account"; GUIDE.md §7). They are public-site
 * calls, so they are signed like every other (nonce/timestamp/sign headers) and form-encoded.
 *
 * Bodies are deliberately loose (strings with a length cap): the server answers the spec's own texts
 * (`用户名或密码错误`, `请输入正确的手机号`, …) rather than a schema's wording. Field aliases of the
 * spec are accepted: `username` for `phone`, `verificationCode` for `code`.
 *
 * Session: login sets the HttpOnly `Authentication-Token` cookie and the readable companions
 * `username` (the masked phone, 138****8000), `userType`, `userTypeAqidata`, `lidarPermission` (only
 * when the user has one). Non-browser clients send the token in the `Authentication-Token` header.
 * Cookie-authenticated writes must come from the site itself (Fetch Metadata / Origin check), and
 * every account write refuses a cross-site browser request with {@link ACCOUNT_ERROR_CODES.CSRF_REJECTED}.
 */

/** Spec §5, §9: 11 digits, 1, then 3–9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 18;
/** Spec §9: the image captcha has 4 characters; SMS codes are sent with 6 digits, the form accepts 4–6. */
export const CAPTCHA_LENGTH = 4;
/** The characters a captcha is drawn from (no 0/O, 1/I/L, 5/S look-alikes); the check ignores case. */
export const CAPTCHA_ALPHABET = '234678ACDEFHJKMNPRTUVWXY';
export const SMS_CODE_PATTERN = /^\d{4,6}$/;
/** Spec §4, §9: the get-code button counts down 120 s; the server refuses a resend inside it (429). */
export const SMS_RESEND_SECONDS = 120;

/** Spec §3 "Slide-verify props", §9. The login dialog (all three modes) uses height 180 and accuracy 2. */
export const SLIDE_PUZZLE = {
  width: 336,
  heights: [155, 180] as const,
  defaultHeight: 155,
  blockSize: 42,
  radius: 10,
  /** The piece image is square: the block plus its two bumps (2 × radius) and a 3 px margin. */
  pieceSize: 42 + 2 * 10 + 3,
  /** Where the hole can be: the left edge of the piece image when it sits in the hole, in picture pixels. */
  minX: 74,
  maxX: 260,
  defaultAccuracy: 5,
  minAccuracy: 1,
  maxAccuracy: 10,
} as const;

/** Spec §3 "Cookies". */
export const ACCOUNT_COOKIES = {
  token: 'Authentication-Token',
  username: 'username',
  userType: 'userType',
  userTypeAqidata: 'userTypeAqidata',
  lidarPermission: 'lidarPermission',
  uniqueId: 'Authentication-uniqueId',
} as const;

/** Spec §3 "Request header fields" (lower case, as Node reads them). */
export const ACCOUNT_HEADERS = {
  token: 'authentication-token',
  uniqueId: 'authentication-uniqueid',
  /** The captcha uuid of login (alternative to the `uuid` body field). */
  uuid: 'authentication-uuid',
} as const;

/** The spec's texts (§5, §8) that the server answers with, for the web to share. */
export const ACCOUNT_MESSAGES = {
  loginFailed: '用户名或密码错误',
  captchaEmpty: '验证码不能为空',
  captchaWrong: '验证码不正确',
  phoneEmpty: '手机号不能为空',
  phoneInvalid: '请输入正确的手机号',
  smsCodeEmpty: '验证码不能为空',
  smsCodeWrong: '验证码不正确',
  passwordEmpty: '密码不能为空',
  passwordTooShort: '密码不能少于6位',
  passwordTooLong: '密码不能大于18位',
  passwordMismatch: '两次密码不一致',
  registered: '注册成功',
  passwordReset: '密码已重置，请返回登录',
  passwordChanged: '密码更改成功，请重新登录',
} as const;

/**
 * Error codes of the account calls (also in {@link ErrorCode}); the web branches on PUZZLE_RETRY
 * (position right, trail too regular: the widget's 'again') versus PUZZLE_MISMATCH ('fail').
 */
export const ACCOUNT_ERROR_CODES = {
  CAPTCHA_INVALID: ErrorCode.CAPTCHA_INVALID,
  SMS_CODE_INVALID: ErrorCode.SMS_CODE_INVALID,
  PUZZLE_MISMATCH: ErrorCode.PUZZLE_MISMATCH,
  PUZZLE_RETRY: ErrorCode.PUZZLE_RETRY,
  OLD_PASSWORD_WRONG: ErrorCode.OLD_PASSWORD_WRONG,
  LOGIN_FAILED: ErrorCode.LOGIN_FAILED,
  SESSION_EXPIRED: ErrorCode.SESSION_EXPIRED,
  PUZZLE_TICKET_REQUIRED: ErrorCode.PUZZLE_TICKET_REQUIRED,
  CSRF_REJECTED: ErrorCode.CSRF_REJECTED,
  PHONE_TAKEN: ErrorCode.PHONE_TAKEN,
  RATE_LIMITED: ErrorCode.RATE_LIMITED,
} as const;

const text = (max: number) => z.string().max(max, `不能超过 ${max} 个字符`);
/** Form fields arrive as text; a missing field and an empty one mean the same. */
const optionalText = (max: number) => text(max).optional();
/** 0/1, true/false or on/off from a form. */
const flag = z.enum(['0', '1', 'true', 'false', 'on', 'off']).optional().describe('1/true/on 为是，0/false/off 为否');

// ---------------------------------------------------------------- image captcha

export const captcha = z.object({
  uuid: z.string().describe('验证码编号，登录时随 uuid 字段（或 Authentication-UUID 头）提交'),
  img: z.string().describe('4 个字符的验证码图片：base64 编码的 JPEG（不含 data: 前缀），2 分钟内有效，只能校验一次'),
});
export const captchaResponse = envelope(captcha);

// ---------------------------------------------------------------- slide puzzle

export const slidePuzzleQuery = z.object({
  height: z.coerce
    .number()
    .int()
    .optional()
    .describe('图片高度：155（默认）或 180（登录对话框）；其他值按最接近的一种'),
  accuracy: z.coerce
    .number()
    .int()
    .optional()
    .describe('容差像素，限制在 1–10，默认 5；登录对话框用 2。服务器另以 3 像素为上限'),
});

export const slidePuzzle = z.object({
  uuid: z.string(),
  background: z.string().describe('带缺口的背景图：base64 JPEG（不含 data: 前缀），宽 336'),
  piece: z.string().describe('拼图块：base64 PNG（透明背景），边长 pieceSize'),
  y: z.number().int().describe('拼图块图片在背景图中的上边距（像素）'),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const slidePuzzleResponse = envelope(slidePuzzle);

export const checkSlidePuzzleBody = z.object({
  uuid: text(64),
  phone: text(32).describe('通过后的票据只能用于此手机号'),
  x: text(16).describe('松手时拼图块图片的左边距（背景图像素，可含小数）'),
  trail: text(8000).describe('拖动过程中纵向位移的采样，逗号分隔的数字（如 0,1,1,2,1）'),
  track: optionalText(40_000).describe(
    '拖动轨迹（必填才能通过）：分号分隔的采样，每个为“按下后的毫秒,拼图块横坐标（背景图像素）,纵向位移”，如 0,0,0;120,8.5,1;…；' +
      '服务器检查时长、速度变化、方向与抖动',
  ),
});
export const slidePuzzleTicket = z.object({
  ticket: z.string().describe('一次性票据：2 分钟内随 getMessageCodeData 提交'),
  expiresInSeconds: z.number().int(),
});
export const checkSlidePuzzleResponse = envelope(slidePuzzleTicket);

// ---------------------------------------------------------------- SMS codes

export const messageCodeBody = z.object({
  phone: optionalText(32),
  username: optionalText(32).describe('phone 的别名'),
  isValidUser: z.enum(['0', '1']).optional().describe('1（默认）：注册；0：找回密码'),
  ticket: optionalText(128).describe('滑动验证通过后得到的票据（必填）'),
});
export const messageCodeSent = z.object({
  uuid: z.string().describe('本次发送的编号；注册、找回密码时可随 uuid 字段提交'),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const messageCodeResponse = envelope(messageCodeSent);

// ---------------------------------------------------------------- login, register, passwords

export const loginBody = z.object({
  username: optionalText(64).describe('手机号'),
  password: optionalText(128),
  verificationCode: optionalText(16).describe('图片验证码'),
  code: optionalText(16).describe('verificationCode 的别名'),
  uuid: optionalText(64).describe('图片验证码编号（或用 Authentication-UUID 头）'),
  remember: flag.describe('记住密码：会话保持更久（浏览器不保存密码）'),
  ticket: optionalText(128).describe(
    '滑动验证票据：该手机号登录尝试过多时必填（回答 PUZZLE_TICKET_REQUIRED 时先完成滑动验证再重试）',
  ),
});

export const loginResult = z.object({
  token: z
    .string()
    .optional()
    .describe(
      '会话令牌，供非浏览器客户端放在 Authentication-Token 头；浏览器的请求（带 Sec-Fetch-* 头）不回显，令牌只在 HttpOnly Cookie 中',
    ),
  uniqueId: z.string().describe('用户的唯一标识'),
  username: z.string().describe('打码的手机号，如 138****8000'),
  userType: z.string(),
  userTypeAqidata: z.string(),
  lidarPermission: z.string().optional(),
});

/** Spec §3 "Login response": the fields sit beside code and msg; the envelope's data repeats them. */
export const loginResponse = z.object({
  code: z.literal(0),
  msg: z.string(),
  ...loginResult.shape,
  data: loginResult,
});

const passwordChange = {
  phone: optionalText(32),
  username: optionalText(32).describe('phone 的别名'),
  code: optionalText(16).describe('短信验证码'),
  verificationCode: optionalText(16).describe('code 的别名'),
  password: optionalText(128),
  uuid: optionalText(64).describe('getMessageCodeData 返回的编号（可选，提交时须一致）'),
};

export const registerBody = z.object({
  ...passwordChange,
  uniqueId: optionalText(64).describe('访客唯一标识；缺省时取 Authentication-uniqueId 头或 Cookie'),
});
export const forgetUpdatePasswordBody = z.object(passwordChange);

export const updatePasswordBody = z.object({
  oldPassword: optionalText(128),
  newPassword: optionalText(128),
  confirmPassword: optionalText(128).describe('可选；提交时须与新密码一致'),
});

export const emptyResponse = envelope(z.null());

export const tokenStatus = z.object({
  valid: z.boolean(),
  username: z.string().optional(),
  userType: z.string().optional(),
  userTypeAqidata: z.string().optional(),
  lidarPermission: z.string().optional(),
  expiresAt: z.number().int().optional().describe('会话最迟失效时间（epoch 秒，不计空闲超时）'),
});
export const tokenValidResponse = envelope(tokenStatus);

// ---------------------------------------------------------------- visits and per-user settings

export const userVisRecordBody = z.object({
  url: optionalText(2000).describe('访问的站内路径'),
  uniqueId: optionalText(64).describe('缺省时取 Authentication-uniqueId 头或 Cookie'),
});

/** Setting keys: a letter, then letters, digits, `_`, `-` or `.`; at most 64 characters. */
export const USER_CONFIG_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const USER_CONFIG_LIMITS = { maxKeys: 100, maxValueLength: 10_000 } as const;

export const userConfigBody = z
  .record(z.string(), z.string())
  .describe('任意非空字段即设置项（键：字母开头，≤64 个字符；值：≤10000 个字符）；空值的字段被忽略');
export const userConfig = z.record(z.string(), z.string());
export const userConfigResponse = envelope(userConfig);

export const deleteUserConfigQuery = z.object({
  key: optionalText(64).describe('要删除的设置项；省略时删除全部'),
});
export const deleteUserConfigResponse = envelope(z.object({ deleted: z.number().int() }));

export type Captcha = z.infer<typeof captcha>;
export type SlidePuzzle = z.infer<typeof slidePuzzle>;
export type SlidePuzzleTicket = z.infer<typeof slidePuzzleTicket>;
export type MessageCodeSent = z.infer<typeof messageCodeSent>;
export type LoginResult = z.infer<typeof loginResult>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type TokenStatus = z.infer<typeof tokenStatus>;
export type UserConfig = z.infer<typeof userConfig>;
