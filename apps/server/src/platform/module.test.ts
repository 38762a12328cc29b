import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadPlatformConfig } from './config';
import { openDatabase } from './db/database';
import { createModules, defineModule, migrationsOf, settingsOf, tagsOf } from './module';
import { MemoryState } from './state';

const config = loadPlatformConfig({ NODE_ENV: 'test', GREETING: '你好' }, '/srv');
const base = () => ({
  database: openDatabase<unknown>({ kind: 'sqlite', path: ':memory:' }),
  state: new MemoryState(),
  config,
  now: () => 1_700_000_000,
  log: pino({ level: 'silent' }),
});

const greeter = defineModule({
  name: 'greeter',
  tags: [{ name: 'greeting', description: '问候' }],
  migrations: { '0002_greetings': { up: async () => {} } },
  settings: (env) => ({ greeting: env.GREETING ?? 'hello' }),
  create: (context) => ({ api: { greet: (who: string) => `${context.settings.greeting}，${who}` } }),
});

const caller = defineModule({
  name: 'caller',
  migrations: { '0001_calls': { up: async () => {} } },
  create: (context) => {
    const { greet } = context.use(greeter);
    return { api: { call: () => greet('蓝天') } };
  },
});

describe('modules', () => {
  it('are created in order, each with its own settings and the interfaces of the ones before it', async () => {
    const { list: created, use } = await createModules([greeter, caller], base());
    expect(created.map((m) => m.name)).toEqual(['greeter', 'caller']);
    const [, second] = created;
    const api = second?.parts.api as { call(): string };
    expect(api.call()).toBe('你好，蓝天');
    expect(use(caller).call()).toBe('你好，蓝天');
    expect(settingsOf(greeter, config)).toEqual({ greeting: '你好' });
  });

  it('stop the application being built when one uses a module listed after it, naming it', async () => {
    await expect(createModules([caller, greeter], base())).rejects.toThrow(
      /module greeter is used before it is created: list it earlier in modules\/registry.ts/,
    );
  });

  it('are created afresh for each application', async () => {
    const {
      list: [first],
    } = await createModules([greeter], base());
    const {
      list: [second],
    } = await createModules([greeter], base());
    expect(first?.parts.api).not.toBe(second?.parts.api);
  });

  it('refuse a module listed twice', async () => {
    await expect(createModules([greeter, greeter], base())).rejects.toThrow(/module greeter is listed twice/);
  });

  it('merge their migrations in name order and their OpenAPI tags in list order', () => {
    expect(Object.keys(migrationsOf([greeter, caller]))).toEqual(['0001_calls', '0002_greetings']);
    expect(() => migrationsOf([greeter, greeter])).toThrow(/0002_greetings is declared twice/);
    expect(tagsOf([caller, greeter])).toEqual([{ name: 'greeting', description: '问候' }]);
  });

  it('give a module without a settings reader undefined settings', () => {
    expect(settingsOf(caller, config)).toBeUndefined();
  });
});
