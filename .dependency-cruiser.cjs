// The import boundaries (`npm run lint` runs `depcruise`): which part of ssg may import which, as
// docs/architecture.md draws it. One way only:
//
//   packages/engine ← packages/contracts ← packages/node ← packages/client ← packages/hosts
//                   ← cli, daemon, fleet, terminal ← main          renderer → packages/contracts, packages/client
//
// Parts meet through package names and their exports maps (`@ssg/engine`, `@ssg/node/home`); a relative path
// into another part, or a subpath its exports map does not list, is an error. Test support (packages/testing,
// `*.testing.ts`, `testing/` folders) is for tests only. e2e/ and scripts/ are tooling and may import any part
// through its package name; bench/ may also reach inside the daemon, whose layers it measures one by one.
const FOLDERS = ['packages/[^/]+', 'cli', 'daemon', 'main', 'renderer', 'fleet', 'terminal', 'e2e', 'scripts', 'bench'];
/** Every top-level folder but bench/, captured: a relative import must stay inside `$1`. */
const PARTS = `(${FOLDERS.filter((folder) => folder !== 'bench').join('|')})`;
const TEST_FILE = '(\\.test\\.tsx?|\\.spec\\.ts|\\.testing\\.ts)$';

/** A part that may import only itself and the listed parts (paths relative to the repository root). */
const layer = (name, from, allowed) => ({
  name,
  severity: 'error',
  comment: `${from} may import ${allowed.length ? `only ${allowed.join(', ')}` : 'no other part'} (docs/architecture.md)`,
  from: { path: `^${from}/` },
  to: {
    path: `^(${FOLDERS.join('|')})/`,
    pathNot: `^(${[from, ...allowed].join('|')})/`,
  },
});

module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      severity: 'error',
      comment: '@ssg/engine touches no file, network or process; Node-only set-up goes in src/node.ts and src/node/',
      from: { path: '^packages/engine/src/', pathNot: [`^packages/engine/src/node(\\.ts|/)`, TEST_FILE] },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    layer('engine-layer', 'packages/engine', []),
    layer('contracts-layer', 'packages/contracts', ['packages/engine']),
    layer('node-layer', 'packages/node', ['packages/contracts', 'packages/engine']),
    layer('client-layer', 'packages/client', ['packages/contracts', 'packages/node', 'packages/engine']),
    layer('hosts-layer', 'packages/hosts', [
      'packages/client',
      'packages/contracts',
      'packages/node',
      'packages/engine',
    ]),
    layer('testing-layer', 'packages/testing', []),
    layer('cli-layer', 'cli', ['packages/[^/]+']),
    layer('daemon-layer', 'daemon', ['packages/[^/]+']),
    layer('fleet-layer', 'fleet', ['packages/[^/]+']),
    layer('terminal-layer', 'terminal', ['packages/[^/]+']),
    layer('main-layer', 'main', ['packages/[^/]+', 'daemon']),
    layer('renderer-layer', 'renderer', ['packages/contracts', 'packages/client']),
    {
      name: 'test-support-in-tests-only',
      severity: 'error',
      comment: 'packages/testing, *.testing.ts and testing/ folders are imported by tests only',
      from: { path: '^(packages|cli|daemon|main|renderer|fleet|terminal)/', pathNot: [TEST_FILE, '/testing/'] },
      to: { path: ['^packages/testing/', '\\.testing\\.ts$', '/testing/'] },
    },
    {
      name: 'parts-meet-through-package-names',
      severity: 'error',
      comment: 'import another part by its package name and exports map, never by a relative path into it',
      from: { path: `^${PARTS}/` },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'], pathNot: '^$1/' },
    },
    {
      name: 'electron-in-main-only',
      severity: 'error',
      comment: "Electron's binary cannot be downloaded on our machines: everything else runs on plain Node",
      from: { pathNot: '^main/' },
      to: { path: '(^|/)node_modules/electron/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'an import that does not resolve: a typo, or a subpath the package does not export',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.cjs', '.js', '.json'],
    },
  },
};
