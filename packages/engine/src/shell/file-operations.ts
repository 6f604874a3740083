// Interpreter code that deletes, overwrites, moves or chmods files through the language's file API, written as
// the shell command that does the same, so the rules written for shell commands judge it without knowing each
// language: `shutil.rmtree(Path.home())` → `rm -rf ~`, `fs.writeFileSync(p, s)` → `tee <p>`,
// `os.chmod(p, 0o777)` → `chmod 777 <p>`. Targets are read by code-paths.ts (`~` for the home directory,
// UNKNOWN_TARGET for what is computed at run time).
//
// The canonical forms: deleting is `rm` (`rm -r`, `rm -rf`, `rm -f` as the call's recursion and force say),
// removing an empty directory `rmdir`, overwriting a file `tee <path>`, appending `tee -a <path>`, permissions
// `chmod <octal mode> <path>` (`chmod -R` for recursive calls), moving `mv <from> <to>`, copying `cp <from>
// <to>` (`cp -r` for trees). Like the shell-out scan (interpreters.ts), this is a cheap scan for call names,
// not a parse: a call spelled inside a string literal counts too, which only errs towards a rule firing.
import { readArguments, readStringLiteral, skipSpaces } from './code-literals';
import { modeWord, pathWord } from './code-paths';
import type { ScannedLanguage } from './interpreters';

/** Builds the command line for a call from its arguments' text; undefined when the call changes nothing. */
type Translation = (args: string[], language: ScannedLanguage) => string | undefined;

const paths = (args: string[], language: ScannedLanguage): string =>
  args.map((arg) => pathWord(arg, language)).join(' ');

/** The call's path arguments (all of them, or only the first) given to `verb`. */
const onPaths =
  (verb: string, which: 'first' | 'all' = 'first'): Translation =>
  (args, language) => {
    const targets = positional(args).filter((arg) => !/^\s*[0-9]+\s*$/.test(arg));
    if (targets.length === 0) return undefined;
    return `${verb} ${paths(which === 'first' ? targets.slice(0, 1) : targets, language)}`;
  };

/** `from to` calls: move, rename, copy. */
const fromTo =
  (verb: string): Translation =>
  (args, language) => {
    const [from, to] = positional(args);
    return from === undefined || to === undefined ? undefined : `${verb} ${paths([from, to], language)}`;
  };

/** chmod with the mode before or after the paths. */
const chmod =
  (modeFirst: boolean, verb = 'chmod'): Translation =>
  (args, language) => {
    const all = positional(args);
    const mode = modeFirst ? all[0] : all[1];
    const targets = modeFirst ? all.slice(1) : all.slice(0, 1);
    if (mode === undefined || targets.length === 0) return undefined;
    return `${verb} ${modeWord(mode)} ${paths(targets, language)}`;
  };

/** Node's `rm`/`rmdir` family: recursion and force come from the options object. */
const nodeRemove =
  (verb: 'rm' | 'rmdir'): Translation =>
  (args, language) => {
    const [target, options = ''] = args;
    if (target === undefined) return undefined;
    const recursive = /recursive\s*:\s*true/.test(options);
    const force = /force\s*:\s*true/.test(options);
    if (verb === 'rmdir' && !recursive) return `rmdir ${pathWord(target, language)}`;
    const flags = `${recursive ? 'r' : ''}${force ? 'f' : ''}`;
    return `rm ${flags === '' ? '' : `-${flags} `}${pathWord(target, language)}`;
  };

/** Opening a file: a write mode overwrites (`tee`), an append mode appends (`tee -a`), reading is nothing. */
const openFor =
  (modeArgument: number): Translation =>
  (args, language) => {
    const [target] = args;
    const modeText = args.find((arg) => /^\s*(?:mode|flags?)\s*[=:]/.test(arg))?.replace(/^\s*\w+\s*[=:]\s*/, '');
    const mode = literalText(modeText ?? args[modeArgument], language);
    if (target === undefined || mode === undefined) return undefined;
    return writeMode(mode, pathWord(target, language));
  };

/** Writing a whole file: `tee`, or `tee -a` when the options ask to append. */
const writeFile =
  (append = false): Translation =>
  (args, language) => {
    const [target, ...rest] = args;
    if (target === undefined) return undefined;
    const appending = append || /(?:flags?|mode)\s*:\s*['"]a/.test(rest.join(','));
    return `tee ${appending ? '-a ' : ''}${pathWord(target, language)}`;
  };

/** Perl's `open(FH, '>', $p)` and two-argument `open(FH, ">$p")`. */
const perlOpen: Translation = (args, language) => {
  const [, second, third] = args;
  const mode = literalText(second, language);
  if (mode === undefined) return undefined;
  if (third !== undefined) return writeMode(mode.replace('>>', 'a').replace('>', 'w'), pathWord(third, language));
  const twoArgument = /^\s*(>>|>|\+<|\+>)\s*(.*)$/s.exec(mode);
  if (!twoArgument) return undefined;
  const target = second!.trim().replace(/^(["'])\s*(?:>>|>|\+<|\+>)\s*/, '$1');
  return writeMode(twoArgument[1] === '>>' ? 'a' : 'w', pathWord(target, language));
};

function writeMode(mode: string, target: string): string | undefined {
  if (/[wx]/.test(mode)) return `tee ${target}`;
  if (/[a+]/.test(mode)) return `tee -a ${target}`;
  return undefined;
}

function literalText(expression: string | undefined, language: ScannedLanguage): string | undefined {
  if (expression === undefined) return undefined;
  const text = expression.trim();
  const literal = readStringLiteral(text, 0, language);
  return literal && literal.end === text.length ? literal.value : undefined;
}

/** Drops keyword arguments and option hashes (`dir_fd=3`, `noop: true`, `{verbose => 1}`). */
function positional(args: string[]): string[] {
  return args.filter((arg) => !/^\s*(?:[A-Za-z_]\w*\s*=[^=]|[A-Za-z_]\w*:\s|:\w+\s*=>|\{)/.test(arg));
}

/**
 * Calls per language. `*.name` is the name after any receiver or alone (`shutil.rmtree`, `rmtree` imported
 * bare, `File::Path::rmtree`), for names no other common API uses; a dotted key must be written as is, after
 * any receiver (`os.remove`, since `list.remove` is not a file; `fs.promises.rm`); a plain name must stand
 * alone (`open`, not `x.open`).
 */
const FILE_CALLS: Record<ScannedLanguage, Record<string, Translation>> = {
  python: {
    '*.rmtree': onPaths('rm -rf'),
    'os.remove': onPaths('rm'),
    'os.unlink': onPaths('rm'),
    'os.rmdir': onPaths('rmdir'),
    'os.removedirs': onPaths('rmdir'),
    open: openFor(1),
    'io.open': openFor(1),
    'os.chmod': chmod(false),
    'os.rename': fromTo('mv'),
    'os.replace': fromTo('mv'),
    'shutil.move': fromTo('mv'),
    'shutil.copy': fromTo('cp'),
    'shutil.copy2': fromTo('cp'),
    'shutil.copyfile': fromTo('cp'),
    '*.copytree': fromTo('cp -r'),
  },
  node: {
    '*.rmSync': nodeRemove('rm'),
    'fs.rm': nodeRemove('rm'),
    'fsp.rm': nodeRemove('rm'),
    'promises.rm': nodeRemove('rm'),
    '*.rmdirSync': nodeRemove('rmdir'),
    'fs.rmdir': nodeRemove('rmdir'),
    'promises.rmdir': nodeRemove('rmdir'),
    '*.unlinkSync': onPaths('rm'),
    'fs.unlink': onPaths('rm'),
    'promises.unlink': onPaths('rm'),
    '*.writeFileSync': writeFile(),
    'fs.writeFile': writeFile(),
    'promises.writeFile': writeFile(),
    '*.appendFileSync': writeFile(true),
    'fs.appendFile': writeFile(true),
    '*.createWriteStream': writeFile(),
    '*.openSync': openFor(1),
    '*.chmodSync': chmod(false),
    'fs.chmod': chmod(false),
    'promises.chmod': chmod(false),
    '*.renameSync': fromTo('mv'),
    'fs.rename': fromTo('mv'),
    '*.copyFileSync': fromTo('cp'),
    'fs.copyFile': fromTo('cp'),
    '*.cpSync': fromTo('cp -r'),
  },
  ruby: {
    '*.rm_rf': onPaths('rm -rf', 'all'),
    '*.rm_r': onPaths('rm -r', 'all'),
    '*.rmtree': onPaths('rm -rf', 'all'),
    '*.remove_dir': onPaths('rm -r', 'all'),
    '*.remove_entry': onPaths('rm -r', 'all'),
    '*.remove_entry_secure': onPaths('rm -r', 'all'),
    '*.rm_f': onPaths('rm -f', 'all'),
    'FileUtils.rm': onPaths('rm', 'all'),
    'FileUtils.remove': onPaths('rm', 'all'),
    '*.remove_file': onPaths('rm', 'all'),
    'File.delete': onPaths('rm', 'all'),
    'File.unlink': onPaths('rm', 'all'),
    'Dir.rmdir': onPaths('rmdir', 'all'),
    'Dir.delete': onPaths('rmdir', 'all'),
    'File.write': writeFile(),
    'IO.write': writeFile(),
    'File.open': openFor(1),
    'File.chmod': chmod(true),
    'FileUtils.chmod': chmod(true),
    'FileUtils.chmod_R': chmod(true, 'chmod -R'),
    'FileUtils.mv': fromTo('mv'),
    'FileUtils.move': fromTo('mv'),
    'File.rename': fromTo('mv'),
    'FileUtils.cp': fromTo('cp'),
    'FileUtils.copy': fromTo('cp'),
    'FileUtils.cp_r': fromTo('cp -r'),
  },
  perl: {
    '*.rmtree': onPaths('rm -rf', 'all'),
    '*.remove_tree': onPaths('rm -rf', 'all'),
    unlink: onPaths('rm', 'all'),
    rmdir: onPaths('rmdir', 'all'),
    open: perlOpen,
    chmod: chmod(true),
    rename: fromTo('mv'),
    move: fromTo('mv'),
    'File::Copy::move': fromTo('mv'),
    copy: fromTo('cp'),
    'File::Copy::copy': fromTo('cp'),
  },
  php: {
    unlink: onPaths('rm'),
    rmdir: onPaths('rmdir'),
    file_put_contents: writeFile(),
    chmod: chmod(false),
    rename: fromTo('mv'),
    copy: fromTo('cp'),
  },
};

/** Languages whose calls may drop the parentheses (`FileUtils.rm_rf Dir.home`, `unlink $file`). */
const BARE_CALLS: ReadonlySet<ScannedLanguage> = new Set(['ruby', 'perl']);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern per language matching every call name of FILE_CALLS, standing alone. */
const FILE_CALL_PATTERNS = Object.fromEntries(
  Object.entries(FILE_CALLS).map(([language, calls]) => {
    const names = Object.keys(calls).map((key) =>
      key.startsWith('*.') || key.includes('.')
        ? `(?<![\\w$])${escape(key.replace(/^\*\./, ''))}`
        : `(?<![\\w$.:>])${escape(key)}`,
    );
    return [language, new RegExp(`(?:${names.join('|')})(?![\\w$])`, 'g')];
  }),
) as Record<ScannedLanguage, RegExp>;

/** The shell command lines equivalent to the file operations `code` performs (see the header). */
export function fileOperationCommands(language: ScannedLanguage, code: string): string[] {
  const found: string[] = [];
  const calls = FILE_CALLS[language];
  const pattern = FILE_CALL_PATTERNS[language];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    const name = match[0];
    const translate = calls[name] ?? calls[`*.${name}`];
    const afterName = pattern.lastIndex;
    const open = skipSpaces(code, afterName);
    let call: { args: string[]; end: number } | undefined;
    if (code[open] === '(') call = readArguments(code, open + 1, language, false);
    else if (BARE_CALLS.has(language) && open > afterName && /[\w'"$@:~[]/.test(code[open] ?? ''))
      call = readArguments(code, open, language, true);
    if (!call || !translate) continue;
    const commandLine = translate(call.args, language);
    if (commandLine !== undefined) found.push(commandLine);
    pattern.lastIndex = Math.max(afterName, call.end);
  }
  return found;
}
