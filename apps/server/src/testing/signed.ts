import { signParams } from '@lantian/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config';

/**
 * Calls a public-site route as the web client does: form-encoded body (or query string for GET)
 * and the nonce/timestamp/sign headers computed with the configured key.
 */
export async function signedInject(
  server: FastifyInstance,
  config: Config,
  request: { method: 'GET' | 'POST'; url: string; params?: Record<string, string>; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const params = request.params ?? {};
  const signature = await signParams(params, config.publicApiKey);
  const encoded = new URLSearchParams(params).toString();
  if (request.method === 'GET') {
    const url = encoded === '' ? request.url : `${request.url}?${encoded}`;
    return server.inject({ method: 'GET', url, headers: { ...signature, ...request.headers } });
  }
  return server.inject({
    method: 'POST',
    url: request.url,
    payload: encoded,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...signature, ...request.headers },
  });
}
