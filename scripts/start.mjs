#!/usr/bin/env node
// `npm start` on a fresh clone: installs dependencies when they are missing, builds the CLI, then runs
// the product. Until the local daemon lands, "the product" is the ssg CLI: it certifies the bundled
// rules and shows a live evaluation, so a newcomer sees it work end to end.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.status !== 0 && !options.allowFailure) {
    console.error(`\nstart: \`${cmd} ${args.join(' ')}\` failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
  return r;
}

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.log('start: installing dependencies (npm ci)…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
} else if (!existsSync(join(root, 'cli/dist/ssg.cjs'))) {
  console.log('start: building the CLI…');
  run(npm, ['run', 'build']);
}

const ssg = (args, input) =>
  spawnSync(process.execPath, [join(root, 'cli/bin/ssg.cjs'), ...args], {
    cwd: root,
    input,
    stdio: [input === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'],
  });

console.log(
  `\nssg ${JSON.parse(spawnSync(process.execPath, ['-p', 'JSON.stringify(require("./cli/package.json").version)'], { cwd: root, encoding: 'utf8' }).stdout)} — governance for AI coding agents\n`,
);
console.log('1. Certifying the Sleep at Night bundle against its scenarios:\n');
ssg(['certify', '--dir=resources/scenarios/sleep-at-night', '--rules=resources/rules/sleep-at-night.rules']);
console.log('\n2. Evaluating a destructive command the way a hook would:\n');
console.log(
  '   $ echo \'{"tool":"Bash","input":{"command":"FOO=1 sudo rm -rf ~"}}\' | ssg eval --rules resources/rules/sleep-at-night.rules\n',
);
ssg(
  ['eval', '--rules', 'resources/rules/sleep-at-night.rules'],
  '{"tool":"Bash","input":{"command":"FOO=1 sudo rm -rf ~"}}',
);
console.log('\nNext: `npx ssg --help` for every command; README.md explains rule files.');
