// Entry of the hook bundle (dist/hook.cjs), loaded by bin/ssg.cjs for `ssg hook …`. It runs before every tool
// call of every agent, so it imports only what the hooks need: no help texts, no other commands.
import { runHook } from './commands/hook/dispatch';

void runHook(process.argv.slice(3)).then((code) => {
  process.exitCode = code;
});
