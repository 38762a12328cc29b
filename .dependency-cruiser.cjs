/**
 * The layering of the code, checked by `npm run lint:layers` (part of `npm run check`). Paths are
 * relative to the repository root. docs/ARCHITECTURE.md explains the layers; scripts/layers.test.ts
 * shows each rule failing on a deliberate violation.
 *
 * The swc parser reads TypeScript (TypeScript 7 has no JavaScript API for dependency-cruiser to use)
 * but not JSX, so .tsx files are left to Biome (biome.json: no import cycles anywhere, and the web
 * apps may not import server code).
 */
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** The assembly: what builds the application from the modules. Nothing below it may import it. */
const ASSEMBLY = `${SERVER}(app|config|database|server|cli|version)\\.ts$|${SERVER}cli/|${MODULES}registry\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only ones included: a cycle means two files are one idea or a layer is upside down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-not-above',
      comment:
        'platform/ is the infrastructure every module stands on: it never imports a module, the test helpers or the assembly (its tests may use the test helpers).',
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: '\\.test\\.ts$' },
      to: { path: [MODULES, `${SERVER}testing/`, ASSEMBLY] },
    },
    {
      name: 'platform-tests-not-modules',
      comment: 'Tests of platform/ drive a whole app through testing/, never a module directly.',
      severity: 'error',
      from: { path: `${SERVER}platform/.+\\.test\\.ts$` },
      to: { path: MODULES },
    },
    {
      name: 'module-through-index',
      comment:
        'A module uses another module only through its index.ts (its public face): never its repositories, services or files.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/([^/]+)/` },
      to: { path: `${MODULES}[^/]+/[^/]+/`, pathNot: [`${MODULES}$1/$2/`, `${MODULES}[^/]+/[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-through-index',
      comment:
        'Code outside the modules (assembly, CLI, test helpers, benchmarks) uses a module through its index.ts too.',
      severity: 'error',
      from: { pathNot: MODULES },
      to: { path: `${MODULES}[^/]+/[^/]+/`, pathNot: `${MODULES}[^/]+/[^/]+/index\\.ts$` },
    },
    {
      name: 'modules-not-assembly',
      comment:
        'Modules are built by the assembly (app.ts from modules/registry.ts); they never import it, nor the test helpers outside tests.',
      severity: 'error',
      from: { path: MODULES, pathNot: ['\\.test\\.ts$', `${MODULES}registry\\.ts$`] },
      to: { path: [ASSEMBLY, `${SERVER}testing/`] },
    },
    {
      name: 'data-not-audiences',
      comment:
        'Shared data (modules/data) is what the audiences stand on: it never imports the public site or the operator platform.',
      severity: 'error',
      from: { path: `${MODULES}data/` },
      to: { path: `${MODULES}(public|operator)/` },
    },
    {
      name: 'audiences-apart',
      comment:
        'The public site and the operator platform stand side by side on shared data; neither imports the other.',
      severity: 'error',
      from: { path: `${MODULES}(public|operator)/` },
      to: { path: `${MODULES}(public|operator)/`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'packages-not-apps',
      comment: 'The shared packages (domain, contracts, areas) are below every app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-pure',
      comment: 'packages/domain holds pure rules: no I/O, no Node built-ins, no other workspace.',
      severity: 'error',
      from: { path: '^packages/domain/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'front-ends-not-server',
      comment:
        'The web app and the console talk to the server over HTTP, with the shared contracts; they never import its code.',
      severity: 'error',
      from: { path: '^apps/(web|console)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'console-sections-stand-alone',
      comment:
        'A console section is one folder: it uses src/shared and the contracts, never the shell (src/app) or another section.',
      severity: 'error',
      from: { path: '^apps/console/src/sections/([^/]+)/' },
      to: { path: '^apps/console/src/(app/|sections/(?!$1/))' },
    },
    {
      name: 'console-shared-not-app',
      comment: 'src/shared serves the shell and the sections alike; it does not reach into either.',
      severity: 'error',
      from: { path: '^apps/console/src/shared/' },
      to: { path: '^apps/console/src/(app|sections)/' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.tsx$', '\\.d\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
