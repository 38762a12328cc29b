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
export { useApiError } from './useApiError';
