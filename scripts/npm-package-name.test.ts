// The npm package called `ssg` belongs to someone else, so an instruction such as `npx ssg init` or
// `npm install -g ssg`, run outside this repository, installs and runs a stranger's code. ssg's command line is
// published as SSG_NPM_PACKAGE (its command stays `ssg`, the package's bin): every instruction a person reads —
// the READMEs, docs/, the plugins, and the texts the CLI, the hosts' installers, the desktop app and `npm start`
// print — must name that package (or a local path such as ./cli).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SSG_INSTALL_COMMAND, SSG_NPM_PACKAGE } from '@ssg/node/npm-package';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where instructions are written for people; tests and test support only quote commands. */
const SOURCES = [
  'README.md',
  'docs',
  'main/README.md',
  'main/src',
  'cli/src',
  'packages/hosts/src',
  'resources/plugins',
  'scripts/start.mjs',
];
const READ_BY_PEOPLE = /\.(md|ts|js|mjs)$/;
const NOT_SHIPPED = /\.(test|testing|spec)\.ts$/;

function filesUnder(path: string): string[] {
  const full = join(root, path);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
  );
}

/**
 * `npx`, `npm exec`, `pnpm dlx`, `bunx` or a global npm install, its flags, then the package it names (if any).
 * A line break inside an instruction (wrapped prose) counts as a space.
 */
const INSTRUCTION =
  /\b(npx|npm exec|pnpm dlx|bunx|npm (?:install|i|add) (?:-g|--global))((?:\s+--?[a-z][\w-]*(?:=\S+)?)*)(?:\s+([^\s`'",;)\]]+))?/g;
const NAMES_SSG = /^(?:@[^/]+\/)?ssg(?:$|[@-])/;
const OURS = new RegExp(`^${SSG_NPM_PACKAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:@[\\w.^~<>=-]+)?$`);

/** The instructions in `text` that name an ssg package other than ours, or install globally without a name. */
function strangersInstructions(text: string): string[] {
  return [...text.matchAll(INSTRUCTION)].flatMap(([instruction, runner, , pkg]) => {
    const globalInstall = runner!.startsWith('npm ') && !runner!.startsWith('npm exec');
    if (pkg === undefined) return globalInstall ? [instruction] : [];
    if (pkg.startsWith('.') || pkg.startsWith('/')) return [];
    return NAMES_SSG.test(pkg) && !OURS.test(pkg) ? [instruction.replace(/\s+/g, ' ')] : [];
  });
}

test('the check catches an instruction that fetches the stranger’s package, and passes ours', () => {
  assert.deepEqual(
    strangersInstructions('run `npx ssg init`, or npm install -g ssg@latest, or (npm install -g), or npx -y ssg'),
    ['npx ssg', 'npm install -g ssg@latest', 'npm install -g', 'npx -y ssg'],
  );
  assert.deepEqual(
    strangersInstructions(
      `npx ${SSG_NPM_PACKAGE} init, ${SSG_INSTALL_COMMAND}, npm install -g ./cli, npx eslint ., \`npx\`/\`bunx\``,
    ),
    [],
  );
});

test('cli/package.json is published under the name the instructions use, with the command `ssg`', () => {
  const cli = JSON.parse(readFileSync(join(root, 'cli/package.json'), 'utf8')) as { name: string; bin: object };
  assert.equal(cli.name, SSG_NPM_PACKAGE);
  assert.deepEqual(cli.bin, { ssg: 'bin/ssg.cjs' });
  assert.equal(SSG_INSTALL_COMMAND, `npm install -g ${SSG_NPM_PACKAGE}`);
});

test('every npx or global-install instruction people read names ssg’s own package', () => {
  const files = SOURCES.flatMap(filesUnder).filter((file) => READ_BY_PEOPLE.test(file) && !NOT_SHIPPED.test(file));
  assert.ok(files.includes('README.md') && files.some((file) => file.startsWith('packages/hosts/src/install/')));
  const found = files.flatMap((file) =>
    strangersInstructions(readFileSync(join(root, file), 'utf8')).map((it) => `${relative('.', file)}: ${it}`),
  );
  assert.deepEqual(found, []);
});
