import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request id for every request: the caller's `x-request-id` when it is sane (so a trace crosses
 * a proxy), else a fresh UUID. It is logged with every line of the request and echoed back.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Structured JSON logs (pino); secrets in headers never reach them. */
export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["authentication-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}
