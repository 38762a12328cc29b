export { apiGet, apiPost, type CallOptions, DEFAULT_TIMEOUT_MS, type Params, type ResponseSchema } from './client';
export { ApiError, errorText, isRetryable } from './errors';
export { useApiError } from './useApiError';
