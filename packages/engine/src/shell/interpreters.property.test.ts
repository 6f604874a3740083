// Property: however a Python or Node delete of a dangerous target is spaced, quoted in its own language and
// quoted for the shell, its analysis keeps the `rm -rf` view that the Sleep at Night rules deny.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { analyzeShell } from './analyze';

const space = fc.constantFrom('', ' ', '  ', '\t');
const quoteChar = fc.constantFrom("'", '"');
const literal = (text: string) => quoteChar.map((q) => `${q}${text}${q}`);

/** A target expression in the language, with the view word it must give. */
const pythonTarget = fc.oneof(
  literal('/').map((code) => ({ code, word: '/' })),
  literal('/home/me').map((code) => ({ code, word: '/home/me' })),
  literal('~').map((q) => ({ code: `os.path.expanduser(${q})`, word: '~' })),
  literal('HOME').map((q) => ({ code: `os.environ[${q}]`, word: '~' })),
  fc.constant({ code: 'pathlib.Path.home()', word: '~' }),
);
const nodeTarget = fc.oneof(
  literal('/').map((code) => ({ code, word: '/' })),
  fc.constant({ code: 'process.env.HOME', word: '~' }),
  literal('HOME').map((q) => ({ code: `process.env[${q}]`, word: '~' })),
  fc.constant({ code: "require('os').homedir()", word: '~' }),
);

const pythonDelete = fc.tuple(pythonTarget, space, space, space, fc.boolean()).map(([target, a, b, c, extra]) => ({
  interpreter: 'python3',
  code: `import os, pathlib, shutil;${a}shutil.rmtree${b}(${c}${target.code}${extra ? `,${a}ignore_errors=True` : ''}${b})`,
  view: `rm -rf ${target.word}`,
}));
const nodeDelete = fc
  .tuple(nodeTarget, space, space, space, fc.constantFrom('fs', "require('fs')", 'require("node:fs")'))
  .map(([target, a, b, c, fs]) => ({
    interpreter: 'node',
    code: `${fs}.rmSync(${a}${target.code},${b}{${c}recursive:${a}true,${b}force:${c}true${a}}${b})`,
    view: `rm -rf ${target.word}`,
  }));

/** The code given to the interpreter as the shell would read it back: quoted argument, heredoc, pipe. */
const shellForms: ((interpreter: string, code: string) => string)[] = [
  (interpreter, code) => `${interpreter} ${interpreter === 'node' ? '-e' : '-c'} '${code.replaceAll("'", "'\\''")}'`,
  (interpreter, code) => `${interpreter} ${interpreter === 'node' ? '-e' : '-c'} "${code.replace(/[\\"$`]/g, '\\$&')}"`,
  (interpreter, code) => `${interpreter} - <<'EOF'\n${code}\nEOF`,
  (interpreter, code) => `${interpreter} <<< '${code.replaceAll("'", "'\\''")}'`,
  (interpreter, code) => `echo '${code.replaceAll("'", "'\\''")}' | ${interpreter}`,
  (interpreter, code) =>
    `sudo -u root ${interpreter} ${interpreter === 'node' ? '-e' : '-c'} '${code.replaceAll("'", "'\\''")}'`,
];

test('Python and Node deletes keep their rm -rf view however they are written', () => {
  fc.assert(
    fc.property(fc.oneof(pythonDelete, nodeDelete), fc.nat(shellForms.length - 1), (program, form) => {
      const command = shellForms[form]!(program.interpreter, program.code);
      const { commands } = analyzeShell(command);
      assert.ok(commands.includes(program.view), `${JSON.stringify(command)} → ${JSON.stringify(commands)}`);
    }),
    { numRuns: 500 },
  );
});
