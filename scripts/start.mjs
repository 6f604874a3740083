#!/usr/bin/env node
// `npm start` on a fresh clone: installs dependencies when they are missing, builds the CLI, shows the rules at
// work (a certification of the Sleep at Night bundle and one live evaluation), then runs the product: the local
// daemon in the foreground on 127.0.0.1:5599 (SQLite in ~/.ssg, or SSG_HOME), until Ctrl-C.
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
console.log(`
3. Starting the daemon every hook talks to (Ctrl-C stops it). In another terminal:
     npx ssg-guard init --client=claude-code     wire Claude Code (npx ssg-guard init --help for the others)
     npx ssg-guard sleep on --for 8h             arm Sleep at Night
     npx ssg-guard budget set dailyUsd 20 && npx ssg-guard budget mode enforce
     npx ssg-guard audit                         what your agents did, decision by decision
`);

// ── Desktop app or daemon (main/src/launch-mode.ts decides): the Electron app where its binary is installed and a
// display exists; else the daemon in the foreground, with a one-time dashboard link printed once it answers.
// `npm ci` leaves Electron's binary out (allowScripts), so it is fetched here on first use where it can be
// (scripts/electron-binary.ts).
const { tsImport } = await import('tsx/esm/api');
const { decideLaunchMode, findElectronBinary, hasDisplay } = await tsImport(
  '../main/src/launch-mode.ts',
  import.meta.url,
);
const { electronFetchPlan, fetchElectronBinary } = await tsImport('./electron-binary.ts', import.meta.url);
const { createRequire } = await import('node:module');
const requireFromRoot = createRequire(import.meta.url);
const installedElectron = () => findElectronBinary(() => requireFromRoot('electron'));
const electronInstallScript = (() => {
  try {
    return requireFromRoot.resolve('electron/install.js');
  } catch {
    return undefined;
  }
})();

let electronBinary = installedElectron();
/** Why the desktop app is missing when fetching its binary was wanted and failed; launch-mode says the rest. */
let noElectronBecause;
const plan = electronFetchPlan({
  binaryPresent: electronBinary !== undefined,
  hasDisplay: hasDisplay(process.platform, process.env),
  env: process.env,
  installScript: electronInstallScript,
});
if (plan.fetch) {
  console.log("4. Fetching Electron's binary for the desktop app, once (ELECTRON_MIRROR names a mirror)…");
  const outcome = await fetchElectronBinary(electronInstallScript, {
    env: process.env,
    onProgress: (ms) => console.log(`   … ${Math.round(ms / 1000)} s`),
  });
  electronBinary = installedElectron();
  if (!outcome.fetched) noElectronBecause = `Electron's binary could not be fetched: ${outcome.reason}`;
  else if (electronBinary === undefined) noElectronBecause = "Electron's install script left no binary";
} else if (plan.reason) {
  noElectronBecause = `no Electron binary: ${plan.reason}`;
}

const launch = decideLaunchMode({ platform: process.platform, env: process.env, electronBinary });
if (launch.mode === 'electron') {
  console.log('4. Opening the desktop app (it hosts the daemon; closing its window keeps it running in the tray).\n');
  run(launch.electronBinary, [join(root, 'main/dist/main.cjs')]);
} else {
  console.log(`   The desktop app is not started: ${noElectronBecause ?? launch.reason}.`);
  console.log('   The daemon runs here instead; open the dashboard in a browser with the link printed below.\n');
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [join(root, 'cli/bin/ssg.cjs'), 'daemon', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
  // Ctrl-C reaches the daemon through the terminal; this script only waits for it to stop.
  process.on('SIGINT', () => {});
  // `ssg dashboard` exits 5 while no daemon answers: retry it until the daemon is up (or has failed).
  for (let tries = 0; tries < 50 && child.exitCode === null; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const link = spawnSync(process.execPath, [join(root, 'cli/bin/ssg.cjs'), 'dashboard'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (link.status === 0) {
      process.stdout.write(`\n${link.stdout}\n`);
      break;
    }
  }
  const status = await exited;
  process.exitCode = status;
}
