import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layering check (`npm run lint:layers`, .dependency-cruiser.cjs) on small made-up trees laid
 * out like the repository: every rule fails on a deliberate violation, and the imports the layers
 * allow pass. (On the real tree the check itself runs in `npm run check`.)
 */

const config: IConfiguration = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Writes the files (path → source) into a fresh folder and returns the rule violations, as "rule: from → to". */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'lantian-layers-'));
  dirs.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const { tsConfig: _ignored, ...options } = config.options ?? {};
  const previous = process.cwd();
  // Rule paths are relative to the repository root: cruise the made-up tree from its own root.
  process.chdir(root);
  try {
    const result = await cruise(['apps', 'packages'], {
      ...options,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      outputType: 'json',
    });
    const output: ICruiseResult =
      typeof result.output === 'string' ? JSON.parse(result.output) : (result.output as ICruiseResult);
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    process.chdir(previous);
  }
}

const SERVER = 'apps/server/src';
const CONSOLE = 'apps/console/src';
const exported = 'export const x = 1;\n';

/** A small tree that keeps every rule: modules through their index, platform below them, pure domain. */
const CLEAN: Record<string, string> = {
  [`${SERVER}/platform/errors.ts`]: exported,
  [`${SERVER}/platform/http/routes.ts`]: "import { x } from '../errors';\nexport const y = x;\n",
  [`${SERVER}/modules/data/air/air.store.ts`]:
    "import { x } from '../../../platform/errors';\nexport const store = x;\n",
  [`${SERVER}/modules/data/air/index.ts`]: "export { store } from './air.store';\n",
  [`${SERVER}/modules/public/city-air/city-air.service.ts`]:
    "import { store } from '../../data/air';\nimport { y } from '../../../platform/http/routes';\nexport const s = store + y;\n",
  [`${SERVER}/modules/public/city-air/index.ts`]: "export { s } from './city-air.service';\n",
  [`${SERVER}/modules/registry.ts`]:
    "import { store } from './data/air';\nimport { s } from './public/city-air';\nexport const MODULES = [store, s];\n",
  [`${SERVER}/app.ts`]: "import { MODULES } from './modules/registry';\nexport const app = MODULES;\n",
  'packages/domain/src/aqi.ts': exported,
  'apps/web/src/city.ts': "import { x } from '../../../packages/domain/src/aqi';\nexport const c = x;\n",
  // A console section uses src/shared and its own files; the shell lists it.
  [`${CONSOLE}/shared/api.ts`]: exported,
  [`${CONSOLE}/sections/roles/roles.api.ts`]: "import { x } from '../../shared/api';\nexport const r = x;\n",
  [`${CONSOLE}/sections/roles/index.ts`]: "import { r } from './roles.api';\nexport default r;\n",
  [`${CONSOLE}/app/sections.ts`]: "import roles from '../sections/roles';\nexport const SECTIONS = [roles];\n",
};

describe('layering rules', () => {
  it('passes a tree that keeps every rule', async () => {
    expect(await violationsOf(CLEAN)).toEqual([]);
  });

  it('fails each deliberate violation with the rule it breaks', async () => {
    const violations = await violationsOf({
      ...CLEAN,
      // platform importing a module, the test helpers or the assembly
      [`${SERVER}/platform/http/cache.ts`]:
        "import { store } from '../../modules/data/air';\nexport const c = store;\n",
      [`${SERVER}/platform/http/app-cache.ts`]: "import { app } from '../../app';\nexport const c = app;\n",
      // a module reaching into another module's files
      [`${SERVER}/modules/public/city-air/city-air.presenters.ts`]:
        "import { store } from '../../data/air/air.store';\nexport const p = store;\n",
      // the CLI reaching into a module's files
      [`${SERVER}/cli/import.ts`]: "import { store } from '../modules/data/air/air.store';\nexport const i = store;\n",
      // shared data importing an audience; one audience importing the other; a module importing the assembly
      [`${SERVER}/modules/data/air/air.presenters.ts`]:
        "import { s } from '../../public/city-air';\nexport const p = s;\n",
      [`${SERVER}/modules/operator/devices/index.ts`]:
        "import { s } from '../../public/city-air';\nexport const d = s;\n",
      [`${SERVER}/modules/data/air/air.config.ts`]: "import { app } from '../../../app';\nexport const c = app;\n",
      // a package importing an app; the domain doing I/O
      'packages/contracts/src/version.ts':
        "import { app } from '../../../apps/server/src/app';\nexport const v = app;\n",
      'packages/domain/src/files.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
      // the web app importing server code
      'apps/web/src/server-version.ts': "import { app } from '../../server/src/app';\nexport const w = app;\n",
      // a console section reaching into another section and into the shell; shared reaching into the shell
      [`${CONSOLE}/sections/orgs/index.ts`]: "import { r } from '../roles/roles.api';\nexport default r;\n",
      [`${CONSOLE}/sections/orgs/menu.ts`]:
        "import { SECTIONS } from '../../app/sections';\nexport const m = SECTIONS;\n",
      [`${CONSOLE}/shared/menu.ts`]: "import { SECTIONS } from '../app/sections';\nexport const m = SECTIONS;\n",
      // a cycle
      [`${SERVER}/modules/public/city-air/a.ts`]: "import { b } from './b';\nexport const a = () => b;\n",
      [`${SERVER}/modules/public/city-air/b.ts`]: "import { a } from './a';\nexport const b = () => a;\n",
    });
    const broken = (rule: string, from: string, to: string) => `${rule}: ${from} → ${to}`;
    expect(violations).toEqual(
      expect.arrayContaining([
        broken('platform-not-above', `${SERVER}/platform/http/cache.ts`, `${SERVER}/modules/data/air/index.ts`),
        broken('platform-not-above', `${SERVER}/platform/http/app-cache.ts`, `${SERVER}/app.ts`),
        broken(
          'module-through-index',
          `${SERVER}/modules/public/city-air/city-air.presenters.ts`,
          `${SERVER}/modules/data/air/air.store.ts`,
        ),
        broken('outside-through-index', `${SERVER}/cli/import.ts`, `${SERVER}/modules/data/air/air.store.ts`),
        broken(
          'data-not-audiences',
          `${SERVER}/modules/data/air/air.presenters.ts`,
          `${SERVER}/modules/public/city-air/index.ts`,
        ),
        broken(
          'audiences-apart',
          `${SERVER}/modules/operator/devices/index.ts`,
          `${SERVER}/modules/public/city-air/index.ts`,
        ),
        broken('modules-not-assembly', `${SERVER}/modules/data/air/air.config.ts`, `${SERVER}/app.ts`),
        broken('packages-not-apps', 'packages/contracts/src/version.ts', `${SERVER}/app.ts`),
        broken('domain-pure', 'packages/domain/src/files.ts', 'fs'),
        broken('front-ends-not-server', 'apps/web/src/server-version.ts', `${SERVER}/app.ts`),
        broken('no-circular', `${SERVER}/modules/public/city-air/a.ts`, `${SERVER}/modules/public/city-air/b.ts`),
        broken(
          'console-sections-stand-alone',
          `${CONSOLE}/sections/orgs/index.ts`,
          `${CONSOLE}/sections/roles/roles.api.ts`,
        ),
        broken('console-sections-stand-alone', `${CONSOLE}/sections/orgs/menu.ts`, `${CONSOLE}/app/sections.ts`),
        broken('console-shared-not-app', `${CONSOLE}/shared/menu.ts`, `${CONSOLE}/app/sections.ts`),
      ]),
    );
    const rules = new Set(violations.map((v) => v.split(':')[0]));
    const declared = (config.forbidden ?? []).map((r) => r.name);
    // Every rule but the one about platform tests has a violation above.
    expect(declared.filter((name) => !rules.has(name ?? ''))).toEqual(['platform-tests-not-modules']);
  });

  it('lets platform tests drive an app through testing/, never a module directly', async () => {
    const violations = await violationsOf({
      ...CLEAN,
      [`${SERVER}/testing/app.ts`]: "import { app } from '../app';\nexport const testApp = app;\n",
      [`${SERVER}/platform/http/routes.test.ts`]:
        "import { testApp } from '../../testing/app';\nexport const t = testApp;\n",
      [`${SERVER}/platform/http/errors.test.ts`]:
        "import { store } from '../../modules/data/air';\nexport const t = store;\n",
    });
    expect(violations).toEqual([
      `platform-tests-not-modules: ${SERVER}/platform/http/errors.test.ts → ${SERVER}/modules/data/air/index.ts`,
    ]);
  });
});
