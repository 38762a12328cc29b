import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler';
import { validatorCompilerGuarded } from './validation';

/** A bounded text field, as every console form has: what made Zod throw instead of refusing. */
async function appWithForm() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompilerGuarded);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.post('/save', { schema: { body: z.object({ name: z.string().trim().max(20, '名称过长') }) } }, async (r) => ({
    saved: r.body.name,
  }));
  await app.ready();
  return app;
}

describe('the request validator', () => {
  it('answers 400 (40001) to a value whose length cannot be turned into text, where Zod throws', async () => {
    const app = await appWithForm();
    const response = await app.inject({
      method: 'POST',
      url: '/save',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":{"length":{"toString":null}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 40001, msg: '参数错误：(请求体) 请求内容的格式不正确' });
    await app.close();
  });

  it('still refuses ordinary bad values with Zod’s own message, and passes good ones', async () => {
    const app = await appWithForm();
    const long = await app.inject({ method: 'POST', url: '/save', payload: { name: 'x'.repeat(21) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 40001, msg: '参数错误：name 名称过长' });
    const good = await app.inject({ method: 'POST', url: '/save', payload: { name: ' 华林家具 ' } });
    expect(good.json()).toEqual({ saved: '华林家具' });
    await app.close();
  });
});
