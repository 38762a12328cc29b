import type { FastifyBaseLogger } from 'fastify';
import type { Migration } from 'kysely';
import type { Clock } from './clock';
import type { Env, PlatformConfig, SettingsContext } from './config';
import type { AnyDatabase, Database } from './db/database';
import type { AccessChecks } from './http/access';
import type { FirstDataSource } from './http/first-data';
import type { PageHeadSource } from './http/page-head';
import type { ApiApp } from './http/routes';
import type { SharedState } from './state';

/**
 * The one shape of a feature module. A module's `index.ts` exports its definition
 * (`defineModule({...})`); modules/registry.ts lists the definitions; the application is built from
 * that list: the database schema type, the migrations, the OpenAPI tags, the settings, the access
 * rules and the routes are all merged from it, so the platform never names a module.
 *
 * A module is created once per application with its {@link ModuleContext} and answers with its
 * {@link ModuleParts}: the interface other modules use (`api`), its routes, and what it must do when
 * the server starts and stops.
 */

/** An OpenAPI tag a module's routes use, with the description shown in /api/docs. */
export interface ApiTag {
  name: string;
  description: string;
}

/** What a module is built from. */
export interface ModuleContext<Tables, Settings> {
  /** The database as this module may see it: its own tables (and those it joins, where it reads them). */
  database: Database<Tables>;
  state: SharedState;
  /** The platform's settings (read-only). */
  config: PlatformConfig;
  /** This module's own settings, as its `settings` reader returned them. */
  settings: Settings;
  /** The data clock in epoch seconds (tests fix it). */
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * The public interface of another module. That module must come earlier in the registry: asking
   * for one that does not is a wiring mistake and stops the application while it is being built.
   */
  use<Api>(module: ModuleLike<Api>): Api;
}

/** What a created module hands back. */
export interface ModuleParts<Api> {
  /** What other modules may use, through `context.use(definition)`. */
  api: Api;
  /** Registers the module's routes, in a scope of its own (its hooks stay local). */
  routes?: (app: ApiApp) => void | Promise<void>;
  /** The answer of a web page's first call, put into that page's HTML (the city page's current hour). */
  firstData?: FirstDataSource;
  /** The title, meta tags (and article text) of the web pages it owns, put into their HTML (the news pages). */
  pageHead?: PageHeadSource;
  /** Access rules this module knows how to check (accounts: `user`; the operator platform: `operator`). */
  access?: AccessChecks;
  /** Background work of a running server (demo hours, start records); tests and the CLI never start it. */
  start?(): Promise<void>;
  /** Stops what `create` or `start` began; called when the server closes, in reverse registry order. */
  close?(): Promise<void>;
}

/** One application's set of created modules: the same definitions serve many applications (tests). */
export class ModuleRun {}

/** What the application hands every module: the database without its schema type (each module adds its own view). */
export interface ModuleBase {
  database: AnyDatabase;
  state: SharedState;
  config: PlatformConfig;
  now: Clock;
  log: FastifyBaseLogger;
}

export interface ModuleDefinition<Name extends string, Tables, Settings, Api> {
  /** Unique; the module's name in error messages. */
  readonly name: Name;
  /** OpenAPI tags of its routes, with descriptions. */
  readonly tags: readonly ApiTag[];
  /**
   * The migrations that create and change its tables, named `NNNN_what`: the number orders them
   * across all modules (the migrator runs every module's migrations in name order).
   */
  readonly migrations: Readonly<Record<string, Migration>>;
  /** Type only, never set: the tables the module reads and writes (merged by {@link TablesOf}). */
  readonly tables?: Tables;
  /** Reads the module's settings from the environment; throws ConfigError for a bad value. */
  settings(env: Env, context: SettingsContext): Settings;
  /** Builds the module for one application. */
  instantiate(base: ModuleBase, run: ModuleRun): Promise<ModuleParts<Api>>;
  /** The `api` this module answered with in that application. */
  apiIn(run: ModuleRun): Api;
}

/** Anything that can be passed to `use`: a definition whose created `api` is `Api`. */
export interface ModuleLike<Api> {
  readonly name: string;
  apiIn(run: ModuleRun): Api;
}

/** Any module, as a registry lists them. */
export type AnyModule = ModuleDefinition<string, unknown, unknown, unknown>;

interface Declaration<Name extends string, Tables, Settings, Api> {
  name: Name;
  tags?: readonly ApiTag[];
  migrations?: Readonly<Record<string, Migration>>;
  create(context: ModuleContext<Tables, Settings>): ModuleParts<Api> | Promise<ModuleParts<Api>>;
}

type Reader<Settings> = (env: Env, context: SettingsContext) => Settings;

/**
 * The application opened one database holding every listed module's tables (the registry opens it
 * as `Database<TablesOf<typeof MODULES>>`); each module sees it through its own narrower view. This
 * is the one place that relies on that: TypeScript cannot follow a schema type through a list of
 * differently typed modules.
 */
function viewOf<Tables>(database: AnyDatabase): Database<Tables> {
  return database as Database<Tables>;
}

/**
 * Declares a module. `tags` and `migrations` default to none; a module without a `settings` reader
 * has `undefined` settings. The tables type comes from `create`'s context annotation, e.g.
 * `create(context: ModuleContext<ShortUrlsTables, undefined>)`.
 */
export function defineModule<Name extends string, Tables, Settings, Api>(
  declaration: Declaration<Name, Tables, Settings, Api> & { settings: Reader<Settings> },
): ModuleDefinition<Name, Tables, Settings, Api>;
export function defineModule<Name extends string, Tables, Api>(
  declaration: Declaration<Name, Tables, undefined, Api>,
): ModuleDefinition<Name, Tables, undefined, Api>;
export function defineModule<Name extends string, Tables, Settings, Api>(
  declaration: Declaration<Name, Tables, Settings | undefined, Api> & { settings?: Reader<Settings> },
): ModuleDefinition<Name, Tables, Settings | undefined, Api> {
  const built = new WeakMap<ModuleRun, ModuleParts<Api>>();
  const { name } = declaration;
  const settings: Reader<Settings | undefined> = (env, context) => declaration.settings?.(env, context);
  return {
    name,
    tags: declaration.tags ?? [],
    migrations: declaration.migrations ?? {},
    settings,
    async instantiate(base, run) {
      if (built.has(run)) throw new Error(`module ${name} is listed twice in modules/registry.ts`);
      const parts = await declaration.create({
        ...base,
        database: viewOf<Tables>(base.database),
        settings: settingsOf({ settings }, base.config),
        use: (other) => other.apiIn(run),
      });
      built.set(run, parts);
      return parts;
    },
    apiIn(run) {
      const parts = built.get(run);
      if (parts === undefined) {
        throw new Error(`module ${name} is used before it is created: list it earlier in modules/registry.ts`);
      }
      return parts.api;
    },
  };
}

/** One module's tables; `unknown` (it owns none) adds nothing to an intersection. */
type TablesOfModule<Module> =
  Module extends ModuleDefinition<string, infer Tables, unknown, unknown> ? Tables : unknown;

/**
 * The whole schema: every listed module's tables. Tail-recursive (the intersection so far travels in
 * `Tables`), so that TypeScript follows a list of any length: the head-first form hit its depth limit
 * ("excessively deep") at some fifty modules.
 */
export type TablesOf<Modules extends readonly AnyModule[], Tables = unknown> = Modules extends readonly [
  infer Head,
  ...infer Rest extends readonly AnyModule[],
]
  ? TablesOf<Rest, Tables & TablesOfModule<Head>>
  : Tables;

/** A module's settings as its reader returns them (the CLI and tests read them outside any application). */
export function settingsOf<Settings>(
  module: { settings: Reader<Settings> },
  config: Pick<PlatformConfig, 'env' | 'nodeEnv' | 'cwd'>,
): Settings {
  return module.settings(config.env, { nodeEnv: config.nodeEnv, cwd: config.cwd });
}

/** Every module's migrations, in the order they run. Two modules claiming one name is a wiring mistake. */
export function migrationsOf(modules: readonly AnyModule[]): Readonly<Record<string, Migration>> {
  const all = new Map<string, Migration>();
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations)) {
      if (all.has(name)) throw new Error(`migration ${name} is declared twice (again by module ${module.name})`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every module's OpenAPI tags, in registry order. */
export function tagsOf(modules: readonly AnyModule[]): ApiTag[] {
  return modules.flatMap((module) => module.tags);
}

export interface CreatedModule {
  name: string;
  parts: ModuleParts<unknown>;
}

/** One application's modules: each with its parts, in registry order, and their interfaces by definition. */
export interface CreatedModules {
  list: CreatedModule[];
  /** A created module's `api` (the CLI and tests drive modules through it, as other modules do). */
  use<Api>(module: ModuleLike<Api>): Api;
}

/** Creates the listed modules in order, each with its own settings and the interfaces of the ones before it. */
export async function createModules(modules: readonly AnyModule[], base: ModuleBase): Promise<CreatedModules> {
  const run = new ModuleRun();
  const list: CreatedModule[] = [];
  for (const module of modules) list.push({ name: module.name, parts: await module.instantiate(base, run) });
  return { list, use: (module) => module.apiIn(run) };
}
