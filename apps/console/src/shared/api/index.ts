export {
  apiGet,
  apiPost,
  apiPostJson,
  type CallOptions,
  DEFAULT_TIMEOUT_MS,
  isSessionProblem,
  onSessionProblem,
  type Params,
  type ResponseSchema,
} from './client';
export { ApiError, errorText, isRetryable } from './errors';
export type { BodyOf, DataOf } from './types';
export { useApiError } from './useApiError';
