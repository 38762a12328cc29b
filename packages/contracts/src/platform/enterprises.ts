import { CREDIT_CODE_MESSAGES, creditCodeProblem } from '@lantian/domain';
import { z } from 'zod';

/**
 * What every enterprise register of the platform shares (the restaurant register of
 * `/enterprise/manager/*` and the industrial enterprises of `/ele/*`): the unified social credit code,
 * checked to its check character, and the form texts.
 */

export const creditCode = z
  .string({ error: '请填写统一社会信用代码' })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine((code, ctx) => {
    const problem = creditCodeProblem(code);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: CREDIT_CODE_MESSAGES[problem] });
  })
  .describe('统一社会信用代码（GB 32100-2015，含校验位）');

/** A required form text of at most `max` characters, named `what` in the messages. */
export const requiredText = (max: number, what: string) =>
  z.string().trim().min(1, `${what}不能为空`).max(max, `${what}不能超过 ${max} 个字符`);

/** An optional form text of at most `max` characters (empty when left out). */
export const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what}不能超过 ${max} 个字符`).default('');
