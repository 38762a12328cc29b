import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The request validator: fastify-type-provider-zod's, with one guard. Zod's length checks
 * (`.min()`, `.max()` on strings and arrays) still run on a value of the wrong type that has a
 * `length` property, and throw while formatting it when that `length` cannot be turned into text
 * (`{"name":{"length":{"toString":null}}}` → "Cannot convert object to primitive value"). That
 * reached clients as a 500 on every JSON write with a bounded text field. A validator that throws
 * is a malformed request: it answers the usual 400 (code 40001) through the error handler.
 */
export const validatorCompilerGuarded: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return { error: malformed(route.httpPart) };
    }
  };
};

function malformed(part: string | undefined): Error {
  const issue: FastifySchemaValidationError = {
    keyword: 'type',
    instancePath: '',
    schemaPath: '',
    params: {},
    message: part === 'body' || part === undefined ? '请求内容的格式不正确' : '请求参数的格式不正确',
  };
  return Object.assign(new Error('malformed request'), { validation: [issue], validationContext: part ?? 'body' });
}
