/**
 * Stable error codes for programs. The first three digits are the HTTP status the code travels
 * with; the last two tell cases apart. Never renumber an entry: clients branch on them.
 */
export const ErrorCode = {
  BAD_REQUEST: 40000,
  VALIDATION: 40001,
  CAPTCHA_INVALID: 40020,
  SMS_CODE_INVALID: 40021,
  PUZZLE_MISMATCH: 40022,
  PUZZLE_RETRY: 40023,
  OLD_PASSWORD_WRONG: 40024,
  /** A history query or export asking for more rows than one call may read. */
  QUERY_TOO_LARGE: 40030,
  /** A weather-source file (best track, CAP, METAR, image) that does not read: nothing of it is stored. */
  SOURCE_FILE_INVALID: 40045,
  UNAUTHENTICATED: 40100,
  SIGNATURE_INVALID: 40101,
  LOGIN_FAILED: 40120,
  SESSION_EXPIRED: 40121,
  OPEN_TOKEN_INVALID: 40122,
  OPEN_CREDENTIALS_INVALID: 40123,
  OPEN_APP_INACTIVE: 40124,
  FORBIDDEN: 40300,
  PUZZLE_TICKET_REQUIRED: 40320,
  CSRF_REJECTED: 40321,
  PASSWORD_CHANGE_REQUIRED: 40322,
  AREA_OUT_OF_SCOPE: 40323,
  OPEN_API_NOT_ALLOWED: 40324,
  OPERATOR_DISABLED: 40325,
  NOT_ASSIGNEE: 40326,
  NOT_FOUND: 40400,
  ROUTE_NOT_FOUND: 40401,
  CITY_NOT_FOUND: 40402,
  STATION_NOT_FOUND: 40430,
  /** An export ticket unknown, used or expired. */
  EXPORT_TICKET_NOT_FOUND: 40431,
  METHOD_NOT_ALLOWED: 40500,
  CONFLICT: 40900,
  PHONE_TAKEN: 40920,
  ILLEGAL_TRANSITION: 40921,
  STALE_STATE: 40922,
  ALREADY_VOTED: 40923,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  SIGNIN_LOCKED: 42920,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
  /** A camera (its ONVIF control or its RTSP stream) that does not answer. */
  CAMERA_UNREACHABLE: 50320,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** The HTTP status that travels with a code. */
export function httpStatusOf(code: ErrorCodeValue): number {
  return Math.floor(code / 100);
}
