'use strict';
// ssg's Node hook (docs/hooks.md), loaded with NODE_OPTIONS="--require <this file>". Every command that
// child_process's exec, execSync, execFile, execFileSync, spawn and spawnSync would run is first judged by
// `ssg hook shell`; a blocked one never starts. fork is left alone: it runs Node code, not a command, and the
// forked process loads this hook too (NODE_OPTIONS is inherited), so what it runs is judged there.
// Blocked: the sync calls throw, spawnSync returns the error in its result (as Node does when a program cannot
// be started), the async calls call back with the error or emit it. Its `code` is SSG_BLOCKED. When ssg cannot
// be run, or this hook fails, the command runs (fail-open) unless the fail-closed sentinel exists.
const childProcess = require('node:child_process');
const { existsSync } = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const { homedir } = require('node:os');
const { join, resolve } = require('node:path');
const { Readable, Writable } = require('node:stream');
const { finished } = require('node:stream/promises');
const { fileURLToPath } = require('node:url');
const { promisify } = require('node:util');

const original = {
  exec: childProcess.exec,
  execSync: childProcess.execSync,
  execFile: childProcess.execFile,
  execFileSync: childProcess.execFileSync,
  spawn: childProcess.spawn,
  spawnSync: childProcess.spawnSync,
};

// Set while this hook runs ssg, so that its own spawnSync (or one a patched library makes) is not judged.
let judging = false;

/** The reason the command must not run, or undefined when it may (or cannot be judged: fail-open). */
function refusal(command, cwd) {
  if (judging) return undefined;
  judging = true;
  try {
    const env = { ...process.env };
    // ssg does not need this hook, and loading it would only slow ssg down.
    delete env.NODE_OPTIONS;
    const run = original.spawnSync(process.env.SSG_BIN || 'ssg', ['hook', 'shell'], {
      input: JSON.stringify({
        command,
        cwd: cwd === undefined || cwd === null ? process.cwd() : resolve(cwdPath(cwd)),
      }),
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
      encoding: 'utf8',
      windowsHide: true,
    });
    const stderr = typeof run.stderr === 'string' ? run.stderr.trim() : '';
    if (run.status === 1) return stderr || 'ssg blocked this command';
    if (stderr) process.stderr.write(`${stderr}\n`);
    if (run.error || run.status !== 0)
      return unjudged(run.error ? run.error.message : `exit ${run.status ?? run.signal}`);
    return undefined;
  } catch (error) {
    return unjudged(error && error.message);
  } finally {
    judging = false;
  }
}

/** Node accepts a string or a file: URL as a child's cwd. */
const cwdPath = (cwd) => (cwd instanceof URL ? fileURLToPath(cwd) : String(cwd));

/** When ssg itself cannot run, the same choice `ssg hook shell` makes: fail open, unless the sentinel exists. */
function unjudged(problem) {
  if (existsSync(join(process.env.SSG_HOME || join(homedir(), '.ssg'), 'fail-closed'))) {
    return `ssg blocked this: ssg could not be run (${problem}) and fail-closed mode is on`;
  }
  process.stderr.write(
    `ssg node hook: ssg could not be run (${problem}) — the command was not evaluated (fail-open)\n`,
  );
  return undefined;
}

function blockedError(reason, syscall, file, args) {
  const error = new Error(reason);
  error.code = 'SSG_BLOCKED';
  error.errno = -13; // EACCES: callers that only look at errno see "permission denied".
  error.syscall = syscall;
  error.path = file;
  error.spawnargs = args;
  return error;
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
const shellQuote = (word) => (SAFE_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** What runs: with a shell, Node joins file and args with spaces; without one, the words quoted as a shell would. */
function commandOf(file, args, options) {
  const words = [String(file), ...args.map(String)];
  return options && options.shell ? words.join(' ') : words.map(shellQuote).join(' ');
}

/** Node's optional-argument shapes: (file, [args], [options], [callback]). */
function splitArgs(rest) {
  const args = Array.isArray(rest[0]) ? rest[0] : [];
  const options = rest.find(
    (value, i) => i < 2 && value !== null && typeof value === 'object' && !Array.isArray(value),
  );
  const callback = rest.find((value) => typeof value === 'function');
  return { args, options, callback };
}

/** A child that never started: it has the usual streams and reports the error as Node does for a failed spawn. */
function refusedChild(error, file, args, emitAlways) {
  const child = new childProcess.ChildProcess();
  // No process behind it: without a handle, kill() and ref() do nothing (an unspawned handle has pid 0, and
  // kill(0) would signal the whole process group).
  child._handle = null;
  child.spawnfile = String(file);
  child.spawnargs = [String(file), ...args.map(String)];
  child.stdin = new Writable({ write: (_chunk, _encoding, done) => done() });
  child.stdout = Readable.from([]);
  child.stderr = Readable.from([]);
  child.stdio = [child.stdin, child.stdout, child.stderr];
  child.exitCode = 126;
  process.nextTick(() => {
    if (emitAlways || child.listenerCount('error') > 0) child.emit('error', error);
    // As Node does: output nobody reads is drained, and 'close' follows the end of both streams.
    for (const stream of [child.stdout, child.stderr]) if (stream.readableFlowing === null) stream.resume();
    const close = () => child.emit('close', 126, null);
    Promise.all([finished(child.stdout), finished(child.stderr)]).then(close, close);
  });
  return child;
}

function guard(name, syscall, describe, onRefusal) {
  const wrapped = function (...params) {
    const { command, file, args, options, callback } = describe(params);
    const reason = refusal(command, options && options.cwd);
    if (reason === undefined) return original[name].apply(this, params);
    return onRefusal(blockedError(reason, syscall, file, args), { file, args, callback });
  };
  Object.defineProperty(wrapped, 'name', { value: name });
  return wrapped;
}

const execShape = ([command, ...rest]) => {
  const { options, callback } = splitArgs([undefined, ...rest]);
  return { command: String(command), file: String(command), args: [], options, callback };
};
const fileShape = ([file, ...rest]) => {
  const { args, options, callback } = splitArgs(rest);
  return { command: commandOf(file, args, options), file, args, options, callback };
};

const throwIt = (error) => {
  throw error;
};
const callBack = (error, { file, args, callback }) => {
  const child = refusedChild(error, file, args, false);
  if (callback) process.nextTick(() => callback(Object.assign(error, { stdout: '', stderr: '' }), '', ''));
  return child;
};

childProcess.exec = guard('exec', 'spawn', execShape, callBack);
childProcess.execFile = guard('execFile', 'spawn', fileShape, callBack);
childProcess.spawn = guard('spawn', 'spawn', fileShape, (error, { file, args }) =>
  refusedChild(error, file, args, true),
);
childProcess.execSync = guard('execSync', 'spawnSync', execShape, throwIt);
childProcess.execFileSync = guard('execFileSync', 'spawnSync', fileShape, throwIt);
childProcess.spawnSync = guard('spawnSync', 'spawnSync', fileShape, (error) => ({
  error,
  status: null,
  signal: null,
  output: null,
  pid: 0,
  stdout: null,
  stderr: null,
}));

// util.promisify(exec) and (execFile) resolve {stdout, stderr}; Node's own versions would bypass the wrappers.
for (const name of ['exec', 'execFile']) {
  const wrapped = childProcess[name];
  wrapped[promisify.custom] = (...params) =>
    new Promise((resolve, reject) => {
      wrapped(...params, (error, stdout, stderr) => (error ? reject(error) : resolve({ stdout, stderr })));
    });
}

// `import { execSync } from 'node:child_process'` reads the patched functions too.
syncBuiltinESMExports();
