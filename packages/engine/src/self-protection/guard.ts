// Self-protection on what a call really touches, not on how it is spelled: every path the call names — a tool's
// path, each shell word and redirection target with `~`, `$HOME`, `$SSG_HOME` and the other variables the agent's
// shell has expanded, relative to the call's folder (following `cd`), globs tried against every protected place —
// is compared with the ProtectedPlaces. It runs before any rule, its denials are never overridden, and no project
// rule can allow what it denies. The bundled self-preservation rules stay in force beside it for the spellings
// that name no path (`pkill ssg`, `npm uninstall -g ssg`, `ssg sleep off`).
//
// Denied:
//   secret   reading, searching or naming daemon.token / admin.token / hosts.toml (the fleet sign-in) in any way
//            (a glob that can expand to one too)
//   state    changing anything in the ssg home: a Write/Edit into it; a shell command that changes files (rm, mv,
//            cp/ln/install/rsync onto it, chmod, tee, dd, truncate, sed -i, find -delete …) or a redirection into
//            it; an interpreter one-liner naming it
//   config   the same for the host configuration files that carry ssg's hooks, where a Write or Edit that keeps
//            ssg's entries stays allowed
//   ancestor a recursive delete, move or permission change of a folder that holds the ssg home
// Reading the home's other files, listing it and copying files out of it stay allowed.
import { analyzeShell } from '../shell/analyze';
import type { EvalResult, ToolCall } from '../types';
import { resolvePath } from './paths';
import { type ProtectedPlaces, type Touch, touchOf } from './protected-places';
import { viewWords } from './view-words';

export const SELF_GUARD_RULE_ID = 'ssg_self_guard';

const MESSAGES: Record<Touch, string> = {
  secret:
    "Blocked: this would read one of ssg's credentials. They are not for agents; if a task needs ssg's daemon, ask the person to run the command.",
  state:
    "Blocked: this would change ssg's own state (Sleep at Night, the fail-closed layer, spending limits, rules, the audit log). Those are the person's settings; reading them is fine, changing them is theirs to do.",
  config:
    "Blocked: this would remove or rewrite ssg's hook in an agent host's configuration, which routes every tool call through ssg. Edit other settings with the Edit tool and leave ssg's entries as they are.",
  ancestor:
    "Blocked: this would delete, move or change a folder that holds ssg's state. Work on the specific paths you mean instead.",
};

/** Programs that change the files their arguments name (all arguments). */
const CHANGES_ARGUMENTS = new Set([
  'sqlite3',
  'rm',
  'rmdir',
  'unlink',
  'mv',
  'truncate',
  'shred',
  'chmod',
  'chown',
  'chgrp',
  'chattr',
  'touch',
  'tee',
  'setfacl',
  'mkdir',
]);
/** Programs that change only their destination: the last argument, or `-t <dir>`. */
const CHANGES_DESTINATION = new Set(['cp', 'install', 'rsync', 'ln', 'scp']);
const INTERPRETERS = /^(python[0-9.]*|node|nodejs|bun|deno|perl|ruby|php|osascript)$/;
/** Programs whose recursive form reaches into every folder below the one named. */
const RECURSIVE_FLAG = /^-[a-zA-Z]*[rR][a-zA-Z]*$|^--recursive$/;

export function selfProtectionVerdict(
  call: ToolCall,
  places: ProtectedPlaces,
): Omit<EvalResult, 'durationMs'> | undefined {
  const touch = call.capability === 'execute' ? shellTouch(call, places) : toolTouch(call, places);
  if (touch === undefined) return undefined;
  return { decision: 'block', ruleId: SELF_GUARD_RULE_ID, message: MESSAGES[touch], neverOverride: true, matched: [] };
}

function toolTouch(call: ToolCall, places: ProtectedPlaces): Touch | undefined {
  const raw = call.input.file_path ?? call.input.path ?? call.input.notebook_path;
  if (typeof raw !== 'string' || raw === '') return undefined;
  const path = resolveWord(raw, call.cwd ?? places.userHome, places);
  const touch = touchOf(path, places);
  if (touch === 'secret') return touch;
  // Grep and Glob read every file below the folder they are given.
  if (call.capability === 'search' && holdsSecrets(path, places)) return 'secret';
  if (call.capability !== 'write') return undefined;
  if (touch === 'state') return touch;
  if (touch === 'config' && dropsSsg(call.input)) return touch;
  return undefined;
}

/**
 * Whether a Write or Edit of a host configuration may lose or break ssg's hook: a Write whose content no longer
 * names ssg; an Edit that replaces text naming ssg or a hook, unless it only adds to that text.
 */
function dropsSsg(input: Record<string, unknown>): boolean {
  if (typeof input.old_string !== 'string' && !Array.isArray(input.edits)) {
    return typeof input.content === 'string' && !input.content.includes('ssg');
  }
  const edits = Array.isArray(input.edits) ? (input.edits as Array<Record<string, unknown>>) : [input];
  return edits.some((edit) => {
    const before = String(edit.old_string ?? '');
    return /ssg|hook/i.test(before) && !String(edit.new_string ?? '').includes(before);
  });
}

function shellTouch(call: ToolCall, places: ProtectedPlaces): Touch | undefined {
  const command = call.input.command;
  if (typeof command !== 'string') return undefined;
  // Variables the command sets for itself (`X=~/.ssg; rm -rf $X`) expand like the agent's own.
  const local: ProtectedPlaces = { ...places, env: { ...places.env, ...assignmentsIn(command, places) } };
  let cwd = call.cwd ?? places.userHome;
  let worst: Touch | undefined;
  for (const view of analyzeShell(command).commands) {
    const { words, writes, reads } = viewWords(view);
    const [program = '', ...args] = words;
    if (program === 'cd' || program === 'pushd') {
      const target = args.find((word) => !word.startsWith('-'));
      cwd = target === undefined ? places.userHome : resolveWord(target, cwd, local);
      continue;
    }
    const touchOfWord = (word: string) => touchOf(resolveWord(word, cwd, local), local);
    const named = [...args, ...reads, ...writes].flatMap(optionValue);
    // A credential named anywhere, by any program, is a read of it (or worse); so is reading through every file
    // of a folder that holds one.
    if (named.some((word) => touchOfWord(word) === 'secret')) return 'secret';
    if (readsRecursively(program, args) && named.some((word) => holdsSecrets(resolveWord(word, cwd, local), local))) {
      return 'secret';
    }
    if (INTERPRETERS.test(program) && args.some((word) => codeNamesHome(word, cwd, local))) worst ??= 'state';
    if (SIGNALS.has(program) && signalsDaemon(args, local)) worst = worse(worst, 'state');
    for (const target of writes) worst = worse(worst, changed(touchOfWord(target), false));
    const changedWords = changedArguments(program, args);
    const recursive = args.some((word) => RECURSIVE_FLAG.test(word)) || program === 'mv' || findDeletes(program, args);
    for (const word of changedWords) worst = worse(worst, changed(touchOfWord(word), recursive));
  }
  return worst;
}

/** `NAME=value` assignments anywhere in the command, in order, each expanded with what was known before it. */
function assignmentsIn(command: string, places: ProtectedPlaces): Record<string, string> {
  const found: Record<string, string> = {};
  const assignment =
    /(?:^|[\s;&|(`])(?:export\s+|local\s+|declare\s+)?([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|)`]*)/g;
  for (const [, name, raw] of command.slice(0, MAX_ASSIGNMENT_SCAN).matchAll(assignment)) {
    const value = raw!.replace(/^(["'])(.*)\1$/, '$2');
    const known = { ...places, env: { ...places.env, ...found } };
    const expanded = expandVariables(value, known);
    found[name!] = expanded === '~' || expanded.startsWith('~/') ? places.userHome + expanded.slice(1) : expanded;
  }
  return found;
}

/** Long enough for any real command's assignments; a megabyte of `a=` is not scanned to the end. */
const MAX_ASSIGNMENT_SCAN = 64 * 1024;

/** Programs that read every file below a folder they are given (some only with -r). */
function readsRecursively(program: string, args: readonly string[]): boolean {
  if (['rg', 'ag', 'ack', 'tar', 'zip', '7z', 'rsync', 'scp'].includes(program)) return true;
  if (['grep', 'egrep', 'fgrep', 'cp', 'diff'].includes(program))
    return args.some((word) => RECURSIVE_FLAG.test(word) || /^-[a-zA-Z]*a/.test(word));
  return program === 'find' && args.some((word) => word === '-exec' || word === '-execdir');
}

/** Whether reading everything below `path` reads a credential. */
const holdsSecrets = (path: string, places: ProtectedPlaces): boolean =>
  places.secrets.some((secret) => secret.startsWith(`${path}/`));

const SIGNALS = new Set(['kill', 'pkill', 'killall', 'skill', 'tkill']);

/** A signal to the daemon: its pid, or a pid read from a file in the ssg home (`kill $(jq .pid …/daemon.json)`). */
function signalsDaemon(args: readonly string[], places: ProtectedPlaces): boolean {
  return args.some(
    (word) =>
      (places.daemonPid !== undefined && word === String(places.daemonPid)) ||
      expandVariables(word, places)
        .replace(/~(?=\/)/g, places.userHome)
        .includes(places.ssgHome),
  );
}

/** What a change to a path with this touch means: any change inside, a recursive one from above. */
function changed(touch: Touch | undefined, recursive: boolean): Touch | undefined {
  if (touch === 'ancestor') return recursive ? 'ancestor' : undefined;
  return touch;
}

function changedArguments(program: string, args: readonly string[]): string[] {
  const operands = args.filter((word) => !word.startsWith('-'));
  if (CHANGES_ARGUMENTS.has(program)) return operands;
  if (CHANGES_DESTINATION.has(program)) {
    const flag = args.findIndex((word) => word === '-t' || word === '--target-directory');
    const inline = args.find((word) => word.startsWith('--target-directory='));
    if (inline) return [inline.slice('--target-directory='.length)];
    if (flag >= 0 && args[flag + 1] !== undefined) return [args[flag + 1]!];
    return operands.slice(-1);
  }
  if (
    (program === 'sed' || program === 'perl') &&
    args.some((word) => /^-[a-zA-Z]*i/.test(word) || word.startsWith('--in-place'))
  ) {
    return operands;
  }
  if (program === 'dd') return args.filter((word) => word.startsWith('of=')).map((word) => word.slice(3));
  if (findDeletes(program, args)) return operands.filter((word) => !/^[(){};!]$/.test(word)).slice(0, 1);
  return [];
}

const findDeletes = (program: string, args: readonly string[]): boolean =>
  program === 'find' && args.some((word) => word === '-delete' || word === '-exec' || word === '-execdir');

/** `--output=x`, `of=x`: the value is a path too. */
function optionValue(word: string): string[] {
  const at = word.indexOf('=');
  return at > 0 && /^-{0,2}[A-Za-z][\w-]*$/.test(word.slice(0, at)) ? [word, word.slice(at + 1)] : [word];
}

/** An interpreter's code naming the ssg home, however it spells the home folder. */
function codeNamesHome(code: string, cwd: string, places: ProtectedPlaces): boolean {
  if (/\bSSG_HOME\b/.test(code)) return true;
  const expanded = expandVariables(code, places).replace(/(^|[\s'"(=,])~(?=\/)/g, `$1${places.userHome}`);
  return (
    expanded.includes(places.ssgHome) ||
    (places.ssgHome.startsWith(`${cwd}/`) && expanded.includes(places.ssgHome.slice(cwd.length + 1)))
  );
}

/** A shell word as the path it names: `~` and the variables the agent's shell has expanded, resolved from `cwd`. */
function resolveWord(word: string, cwd: string, places: ProtectedPlaces): string {
  let text = expandVariables(word, places);
  if (text === '~' || text.startsWith('~/')) text = places.userHome + text.slice(1);
  return resolvePath(cwd, text);
}

function expandVariables(text: string, places: ProtectedPlaces): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced, bare) => {
    const name = (braced ?? bare) as string;
    const value = name === 'HOME' ? places.userHome : places.env[name];
    return value ?? whole;
  });
}

const SEVERITY: Record<Touch, number> = { secret: 3, state: 2, config: 2, ancestor: 1 };
const worse = (a: Touch | undefined, b: Touch | undefined): Touch | undefined =>
  a === undefined ? b : b === undefined ? a : SEVERITY[b] > SEVERITY[a] ? b : a;
