/**
 * Stable error codes for programs. The first three digits are the HTTP status the code travels
 * with; the last two tell cases apart. Never renumber an entry: clients branch on them.
 */
export const ErrorCode = {
  BAD_REQUEST: 40000,
  VALIDATION: 40001,
  UNAUTHENTICATED: 40100,
  SIGNATURE_INVALID: 40101,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  ROUTE_NOT_FOUND: 40401,
  CITY_NOT_FOUND: 40402,
  METHOD_NOT_ALLOWED: 40500,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** The HTTP status that travels with a code. */
export function httpStatusOf(code: ErrorCodeValue): number {
  return Math.floor(code / 100);
}
