/**
 * A failed platform call. `msg` is what the server said (its Chinese `msg`) or our own Chinese words
 * when it said nothing usable, so it can go straight into a message or an alert.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    /** The envelope's code (see ErrorCode); 0 when the server was not reached or sent no envelope. */
    readonly code: number,
    /** HTTP status; 0 when the server was not reached (network failure, timeout). */
    readonly status: number,
    /** The envelope's `data`, which some failures carry (the /readyz 503 has the checks in it). */
    readonly data?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Whether trying the same call again may help: the server was not reached or failed on its side
 * (5xx). A 4xx answer (bad input, no permission, not found) will be the same the next time.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The words to show a person for any error a call or a section can throw. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return '页面出现了问题，请稍后重试';
}
