import { z } from 'zod';

/**
 * Every JSON answer of the API is wrapped in this envelope (GUIDE.md §4).
 * `code` 0 means success; anything else is one of {@link ErrorCode}.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(0),
    msg: z.string(),
    data,
  });
}

export const errorEnvelope = z.object({
  code: z.number().int().describe('稳定的错误码，见 ErrorCode'),
  msg: z.string().describe('给人看的中文说明'),
  data: z.unknown().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
export type Envelope<T> = { code: 0; msg: string; data: T };
