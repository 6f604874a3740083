#!/usr/bin/env node
'use strict';
// Launcher: `ssg hook …` loads only the small hook bundle; everything else loads the full CLI.
const hook = process.argv[2] === 'hook';
try {
  require(hook ? '../dist/hook.cjs' : '../dist/ssg.cjs');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && /dist[\\/](hook|ssg)\.cjs/.test(String(error.message))) {
    process.stderr.write('ssg: the CLI is not built yet. Run `npm run build` in the repository root.\n');
    // A hook must never block an agent because of a broken install: exit 0 without output lets the call run.
    process.exit(hook ? 0 : 1);
  }
  throw error;
}
