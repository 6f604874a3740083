// Interpreter code that deletes, overwrites, moves or chmods files through the language's file API, written as
// the shell command that does the same, so the rules written for shell commands judge it without knowing each
// language: `shutil.rmtree(Path.home())` → `rm -rf ~`, `fs.writeFileSync(p, s)` → `tee <p>`,
// `os.chmod(p, 0o777)` → `chmod 777 <p>`. Targets are read by code-paths.ts (`~` for the home directory,
// UNKNOWN_TARGET for what is computed at run time).
//
// The canonical forms: deleting is `rm` (`rm -r`, `rm -rf`, `rm -f` as the call's recursion and force say),
// removing an empty directory `rmdir`, overwriting a file `tee <path>`, appending `tee -a <path>`, permissions
// `chmod <octal mode> <path>` (`chmod -R` for recursive calls), moving `mv <from> <to>`, copying `cp <from>
// <to>` (`cp -r` for trees), emptying a file `truncate -s 0 <path>` (`open(p, 'w').close()`, writing '',
// `open(p, 'r+').truncate()`, `os.open(p, os.O_TRUNC)`), linking `ln -s <target> <link>` (`os.symlink`,
// `fs.symlinkSync`, `File.symlink`, `symlink()`, so the shell analysis's link tracking sees the link). Like
// the shell-out scan (interpreters.ts), this is a cheap scan for call names, not a parse: a call spelled inside
// a string literal counts too, which only errs towards a rule firing.
//
// A Python loop over a tree (`for root, dirs, files in os.walk(X)`, `Path(X).rglob(…)`, `glob.glob('X/**',
// recursive=True)`) whose loop variables reach a delete (`os.remove(os.path.join(root, f))`, `p.unlink()`)
// deletes the tree under X: `rm -rf X`, or `find X -name PATTERN -delete` when the listing has a pattern or
// an `if` stands between the loop and the delete (PATTERN is then UNKNOWN_TARGET: which files is decided at
// run time). Comprehensions count (`[os.remove(f) for f in glob(…)]`), as do nested loops over a loop
// variable (`for f in files`).
import { readArguments, readStringLiteral, skipSpaces } from './code-literals';
import { codeNames, MAX_ITEMS, receiverBefore } from './code-names';
import { type CodeNames, modeWord, pathWord as evaluatePath, UNKNOWN_TARGET } from './code-paths';
import type { ScannedLanguage } from './interpreters';
import { quote } from './render';

/** Builds the command line for a call from its arguments' text; undefined when the call changes nothing. */
type Translation = (args: string[], language: ScannedLanguage) => string | undefined;

/**
 * The names of the code being read (code-names.ts), for the translations: set for the length of one
 * fileOperationCommands call (the scan is synchronous), so each translation reads an assigned name as its value.
 */
let currentNames: CodeNames = { get: () => undefined };

function pathWord(expression: string, language: ScannedLanguage): string {
  return evaluatePath(expression, language, currentNames);
}

const paths = (args: string[], language: ScannedLanguage): string =>
  args.map((arg) => pathWord(arg, language)).join(' ');

/** Reading a file: `cat <path>`, when the path is known (reading something computed tells a rule nothing). */
const reads =
  (argument = 0): Translation =>
  (args, language) => {
    const target = positional(args)[argument];
    if (target === undefined || /^\s*[0-9]+\s*$/.test(target)) return undefined;
    const word = pathWord(target, language);
    return word === UNKNOWN_TARGET ? undefined : `cat ${word}`;
  };

/** Emptying a folder (fs-extra's `emptyDir`): `rm -rf <path>/*`. */
const emptyDir: Translation = (args, language) => {
  const [target] = positional(args);
  if (target === undefined) return undefined;
  const word = pathWord(target, language);
  return `rm -rf ${word === UNKNOWN_TARGET ? word : `${word.replace(/\/$/, '')}/*`}`;
};

/** R's `unlink(x, recursive = TRUE)` and `file.remove`; Julia's `rm(x; recursive=true)`. */
const flaggedRemove: Translation = (args, language) => {
  const all = args.flatMap((arg) => arg.split(';'));
  const [target] = positional(all);
  if (target === undefined) return undefined;
  const recursive = all.some((arg) => /recursive\s*=\s*(?:TRUE|T|true)\b/.test(arg));
  const force = all.some((arg) => /force\s*=\s*(?:TRUE|T|true)\b/.test(arg));
  return `rm ${recursive ? '-rf ' : force ? '-f ' : ''}${pathWord(target, language)}`;
};

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
    const modeArg = modeText ?? positional(args)[modeArgument];
    const mode = modeArg === undefined ? 'r' : literalText(modeArg, language);
    if (target === undefined || mode === undefined) return undefined;
    const word = pathWord(target, language);
    return writeMode(mode, word) ?? (word === UNKNOWN_TARGET ? undefined : `cat ${word}`);
  };

/** Writing a whole file: `tee`, or `tee -a` when the options ask to append; writing '' empties it. */
const writeFile =
  (append = false): Translation =>
  (args, language) => {
    const [target, content, ...rest] = args;
    if (target === undefined) return undefined;
    const appending = append || /(?:flags?|mode)\s*:\s*['"]a|append\s*:\s*true/.test(rest.join(','));
    if (!appending && literalText(content, language) === '') return `truncate -s 0 ${pathWord(target, language)}`;
    return `tee ${appending ? '-a ' : ''}${pathWord(target, language)}`;
  };

/** Python's `os.open(p, flags)`: with `O_TRUNC` it empties the file (`truncate -s 0 p`), else nothing. */
const osOpen: Translation = (args, language) => {
  const [target, flags = ''] = positional(args);
  return target === undefined || !/\bO_TRUNC\b/.test(flags) ? undefined : `truncate -s 0 ${pathWord(target, language)}`;
};

/** Truncating to a length (`os.truncate(p, 0)`, `fs.truncateSync(p)`, which is 0). */
const truncate: Translation = (args, language) => {
  const [target, length = '0'] = positional(args);
  if (target === undefined) return undefined;
  const size = /^\s*[0-9]+\s*$/.test(length) ? length.trim() : UNKNOWN_TARGET;
  return `truncate -s ${size} ${pathWord(target, language)}`;
};

/** Deno's `remove`: `{ recursive: true }` removes a tree, and Deno never asks (`rm -rf`). */
const denoRemove: Translation = (args, language) => {
  const [target, options = ''] = args;
  if (target === undefined) return undefined;
  return `rm ${/recursive\s*:\s*true/.test(options) ? '-rf ' : ''}${pathWord(target, language)}`;
};

/** Perl's `open(FH, '>', $p)` and two-argument `open(FH, ">$p")`. */
const perlOpen: Translation = (args, language) => {
  const [, second, third] = args;
  const mode = literalText(second, language);
  if (mode === undefined) return undefined;
  if (third !== undefined && mode.trim() === '<') return reads(2)(args, language);
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
    'os.truncate': truncate,
    'os.open': osOpen,
    'os.symlink': fromTo('ln -s'),
    '*.read': reads(),
    'sqlite3.connect': reads(),
    'shelve.open': reads(),
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
    '*.truncateSync': truncate,
    '*.symlinkSync': fromTo('ln -s'),
    'fs.symlink': fromTo('ln -s'),
    'fsp.symlink': fromTo('ln -s'),
    'promises.symlink': fromTo('ln -s'),
    'Deno.symlink': fromTo('ln -s'),
    'Deno.symlinkSync': fromTo('ln -s'),
    'fs.truncate': truncate,
    'promises.truncate': truncate,
    'Deno.remove': denoRemove,
    'Deno.removeSync': denoRemove,
    'Deno.writeTextFile': writeFile(),
    'Deno.writeTextFileSync': writeFile(),
    'Deno.writeFile': writeFile(),
    'Deno.writeFileSync': writeFile(),
    'Deno.create': writeFile(),
    'Deno.createSync': writeFile(),
    'Deno.truncate': truncate,
    'Deno.truncateSync': truncate,
    'Deno.chmod': chmod(false),
    'Deno.chmodSync': chmod(false),
    'Deno.rename': fromTo('mv'),
    'Deno.renameSync': fromTo('mv'),
    'Deno.copyFile': fromTo('cp'),
    'Deno.copyFileSync': fromTo('cp'),
    'Bun.write': writeFile(),
    'fsp.rmdir': nodeRemove('rmdir'),
    'fsp.unlink': onPaths('rm'),
    'fsp.writeFile': writeFile(),
    'fsp.appendFile': writeFile(true),
    'fsp.chmod': chmod(false),
    'fsp.rename': fromTo('mv'),
    'fsp.copyFile': fromTo('cp'),
    'fsp.cp': fromTo('cp -r'),
    'fs.cp': fromTo('cp -r'),
    '*.removeSync': onPaths('rm -rf'),
    'fse.remove': onPaths('rm -rf'),
    'fs.remove': onPaths('rm -rf'),
    '*.emptyDirSync': emptyDir,
    '*.emptyDir': emptyDir,
    '*.rimraf': onPaths('rm -rf'),
    '*.rimrafSync': onPaths('rm -rf'),
    'rimraf.sync': onPaths('rm -rf'),
    '*.deleteSync': onPaths('rm -rf'),
    '*.readFileSync': reads(),
    'fs.readFile': reads(),
    'fsp.readFile': reads(),
    'promises.readFile': reads(),
    '*.createReadStream': reads(),
    'Deno.readTextFile': reads(),
    'Deno.readTextFileSync': reads(),
    'Deno.readFile': reads(),
    'Deno.readFileSync': reads(),
    'Bun.file': reads(),
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
    'File.truncate': truncate,
    'File.symlink': fromTo('ln -s'),
    'FileUtils.ln_s': fromTo('ln -s'),
    'FileUtils.ln_sf': fromTo('ln -sf'),
    'FileUtils.symlink': fromTo('ln -s'),
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
    'File.read': reads(),
    'IO.read': reads(),
    'File.readlines': reads(),
    'IO.readlines': reads(),
    'File.foreach': reads(),
    'File.binread': reads(),
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
    truncate,
    symlink: fromTo('ln -s'),
  },
  php: {
    unlink: onPaths('rm'),
    rmdir: onPaths('rmdir'),
    file_put_contents: writeFile(),
    chmod: chmod(false),
    rename: fromTo('mv'),
    copy: fromTo('cp'),
    symlink: fromTo('ln -s'),
    file_get_contents: reads(),
    file: reads(),
    readfile: reads(),
    fopen: openFor(1),
    parse_ini_file: reads(),
  },
  lua: {
    'os.remove': onPaths('rm'),
    'os.rename': fromTo('mv'),
    'io.open': openFor(1),
    'io.lines': reads(),
  },
  r: {
    unlink: flaggedRemove,
    'file.remove': onPaths('rm'),
    'fs::dir_delete': onPaths('rm -rf'),
    'fs::file_delete': onPaths('rm'),
    readLines: reads(),
    'read.csv': reads(),
    readRDS: reads(),
    'Sys.chmod': chmod(false),
    'file.rename': fromTo('mv'),
  },
  julia: {
    rm: flaggedRemove,
    read: reads(),
    readlines: reads(),
    chmod: chmod(false),
    mv: fromTo('mv'),
    cp: fromTo('cp -r'),
  },
  awk: {},
  applescript: {},
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
    // A language without file calls gets a pattern that never matches.
    return [language, new RegExp(names.length === 0 ? '(?!)' : `(?:${names.join('|')})(?![\\w$])`, 'g')];
  }),
) as Record<ScannedLanguage, RegExp>;

/** The shell command lines equivalent to the file operations `code` performs (see the header). */
export function fileOperationCommands(
  language: ScannedLanguage,
  code: string,
  names: CodeNames = codeNames(language, code),
): string[] {
  const outer = currentNames;
  currentNames = names;
  try {
    const found = new Set<string>();
    const removals: Removal[] = [];
    const calls = FILE_CALLS[language];
    const pattern = FILE_CALL_PATTERNS[language];
    const lists = hasItemLists(names);
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
      const end = call.end;
      const lines = lists ? eachItem(call.args, names, language, translate) : oneLine(translate(call.args, language));
      for (let commandLine of lines) {
        if (commandLine.startsWith('tee ') && !commandLine.startsWith('tee -a') && closedUnwritten(code, end))
          commandLine = `truncate -s 0 ${commandLine.slice('tee '.length)}`;
        // `open(p, 'r+').truncate()` empties the file it opened.
        else if (/^(?:tee|cat) /.test(commandLine) && TRUNCATED.test(code.slice(end, end + 40)))
          commandLine = `truncate -s 0 ${commandLine.replace(/^(?:tee -a|tee|cat) /, '')}`;
        found.add(recursiveGlob(commandLine));
      }
      if (lines.some((line) => /^(?:rm(?:dir)?|chmod) /.test(line)))
        removals.push({
          at: match.index,
          args: call.args.join(','),
          chmod: lines[0]!.startsWith('chmod ') ? lines[0] : undefined,
        });
      pattern.lastIndex = Math.max(afterName, end);
    }
    if (language === 'python') for (const line of pathMethodCommands(code, names)) found.add(line);
    if (language === 'php') for (const line of phpArrayMaps(code)) found.add(line);
    if (language === 'python') for (const line of treeRemovals(code, removals)) found.add(line);
    return [...found];
  } finally {
    currentNames = outer;
  }
}

/** Whether some name holds several items (a loop over a literal list). */
function hasItemLists(names: CodeNames): boolean {
  if (!(names instanceof Map)) return true;
  for (const items of (names as Map<string, readonly string[]>).values()) if (items.length > 1) return true;
  return false;
}

/**
 * The command lines of a call, once per item of a loop over a literal list when an argument names the loop's
 * variable (`for n in ['.ssh', '.aws']: shutil.rmtree(Path.home() / n)` is `rm -rf ~/.ssh` and `rm -rf ~/.aws`).
 */
function eachItem(args: string[], names: CodeNames, language: ScannedLanguage, translation: Translation): string[] {
  const translate = (): string | undefined => translation(args, language);
  const text = args.join(',');
  for (const [name] of text.matchAll(/\$?[A-Za-z_]\w*/g)) {
    const items = names.get(name);
    if (items === undefined || items.length < 2) continue;
    const outer = currentNames;
    const lines: string[] = [];
    for (const item of items.slice(0, MAX_ITEMS)) {
      currentNames = { get: (other) => (other === name ? [item] : outer.get(other)) };
      const line = translate();
      if (line !== undefined) lines.push(line);
    }
    currentNames = outer;
    return lines;
  }
  return oneLine(translate());
}

function oneLine(line: string | undefined): string[] {
  return line === undefined ? [] : [line];
}

/**
 * A delete of a recursive glob (`File.delete(f)` for each of `Dir.glob("~/**\/*")`) deletes the tree's files:
 * `rm -rf X/*` when it removes trees, else `find X -type f -delete` (`find X -name PATTERN -delete` for a
 * pattern), which is what rules know; other command lines as they are.
 */
function recursiveGlob(commandLine: string): string {
  const glob = /^rm (-[rf]+ )?(\S+?)\/\*\*(?:\/(\S*))?$/.exec(commandLine);
  if (!glob) return commandLine;
  const [, flags, root, last = '*'] = glob;
  if (/[*?]/.test(root!)) return commandLine;
  if (flags?.includes('r')) return `rm -rf ${root}/*`;
  return last === '*' || last === '' ? `find ${root} -type f -delete` : `find ${root} -name ${quote(last)} -delete`;
}

/** pathlib's methods on a path (`Path.home().joinpath('x').unlink()`, `(Path.home() / n).write_text('')`). */
const PATH_METHOD =
  /\.\s*(unlink|rmdir|write_text|write_bytes|chmod|lchmod|rename|replace|touch|read_text|read_bytes|open)\s*\(/g;

/** An expression that makes a pathlib path. */
const SPELLS_PATH = /(?:^|[^\w])(?:Path|PosixPath|PurePath|WindowsPath)\s*[.(]|\.joinpath\(/;

/**
 * The command lines of pathlib's methods called on a path expression (see PATH_METHOD): the receiver, or what
 * the name it is was assigned, must spell a `Path` (`s.replace('a', 'b')` is a string's).
 */
function pathMethodCommands(code: string, names: CodeNames): string[] {
  const found: string[] = [];
  PATH_METHOD.lastIndex = 0;
  for (let match = PATH_METHOD.exec(code); match !== null; match = PATH_METHOD.exec(code)) {
    const receiver = receiverBefore(code, match.index);
    if (receiver === '') continue;
    const assigned = /^[A-Za-z_]\w*$/.test(receiver) ? (names.get(receiver) ?? []) : [receiver];
    if (!assigned.some((expression) => SPELLS_PATH.test(expression))) continue;
    const target = evaluatePath(receiver, 'python', names);
    // A loop's name over a tree is read by treeRemovals; an unknown one adds nothing here.
    if (target === UNKNOWN_TARGET && assigned[0] !== receiver) continue;
    const call = readArguments(code, PATH_METHOD.lastIndex, 'python', false);
    const line = pathMethodLine(match[1]!, target, positional(call.args), names);
    if (line !== undefined) found.push(line);
    PATH_METHOD.lastIndex = Math.max(PATH_METHOD.lastIndex, call.end);
  }
  return found;
}

function pathMethodLine(method: string, target: string, args: string[], names: CodeNames): string | undefined {
  const [first] = args;
  switch (method) {
    case 'unlink':
      return `rm ${target}`;
    case 'rmdir':
      return `rmdir ${target}`;
    case 'write_text':
    case 'write_bytes':
      return literalText(first, 'python') === '' ? `truncate -s 0 ${target}` : `tee ${target}`;
    case 'chmod':
    case 'lchmod':
      return first === undefined ? undefined : `chmod ${modeWord(first)} ${target}`;
    case 'rename':
    case 'replace':
      return first === undefined ? undefined : `mv ${target} ${evaluatePath(first, 'python', names)}`;
    case 'touch':
      return `touch ${target}`;
    case 'open': {
      const mode = first === undefined ? 'r' : literalText(first, 'python');
      if (mode === undefined) return undefined;
      return writeMode(mode, target) ?? (target === UNKNOWN_TARGET ? undefined : `cat ${target}`);
    }
    default:
      return target === UNKNOWN_TARGET ? undefined : `cat ${target}`;
  }
}

/** PHP's `array_map("unlink", glob(X))` (and `rmdir`): the call on each listed file. */
const PHP_ARRAY_MAP = /\barray_(?:map|walk)\s*\(\s*['"](unlink|rmdir)['"]\s*,/g;

function phpArrayMaps(code: string): string[] {
  const found: string[] = [];
  PHP_ARRAY_MAP.lastIndex = 0;
  for (let match = PHP_ARRAY_MAP.exec(code); match !== null; match = PHP_ARRAY_MAP.exec(code)) {
    const call = readArguments(code, PHP_ARRAY_MAP.lastIndex, 'php', false);
    const [list] = call.args;
    if (list !== undefined) found.push(`${match[1] === 'unlink' ? 'rm' : 'rmdir'} ${pathWord(list, 'php')}`);
    PHP_ARRAY_MAP.lastIndex = Math.max(PHP_ARRAY_MAP.lastIndex, call.end);
  }
  return found;
}

/** After a write-mode open: the file is closed at once (`.close()`) or the `with` block only passes. */
const TRUNCATED = /^\s*\.\s*truncate\s*\(\s*(?:0\s*)?\)/;
const CLOSED_UNWRITTEN = /\s*(?:\.close\(\s*\)|(?:as\s+[A-Za-z_]\w*\s*)?:\s*pass\b)/y;

function closedUnwritten(code: string, from: number): boolean {
  CLOSED_UNWRITTEN.lastIndex = from;
  return CLOSED_UNWRITTEN.test(code);
}

/** A delete call: where it is and its arguments' text. */
interface Removal {
  at: number;
  args: string;
  /** A chmod's command line (a chmod on a tree's files is `chmod -R` of the tree). */
  chmod?: string;
}

/** What a loop variable walks: the tree's root as a shell word, and the name pattern when the listing has one. */
interface Tree {
  root: string;
  pattern?: string;
  /** Where the loop's header starts and its line ends (an `if` in the span makes the delete conditional). */
  start: number;
  lineEnd: number;
}

/** `for TARGETS in`: the loop variables, then what they iterate (read after the match). */
const FOR_LOOP = /(?<![\w.])for\s+([A-Za-z_][\w\s,()[\]]{0,200}?)\s+in\s+/g;
const WALK = /(?:os\.)?walk\s*\(/y;
const GLOB = /(?:glob\.)?i?glob\s*\(/y;
const PATH = /(?:pathlib\.)?Path(?:\s*(\()|\.home\(\s*\))/y;
const PATH_GLOB = /\s*\.\s*(r?glob)\s*\(/y;
const NAME = /([A-Za-z_]\w*)(?![\w.([])/y;
const IDENTIFIER = /[A-Za-z_]\w*/g;
/** `name.unlink()`, `name.rmdir()` on a Path: a delete whose argument is `name`. */
const PATH_DELETE = /(?<![\w.])([A-Za-z_]\w*)\s*\.\s*(?:unlink|rmdir)\s*\(/g;
const IF = /(?<![\w.])if(?!\w)/g;
/** Bounds: loops remembered, trees a delete may reach. */
const MAX_LOOPS = 64;

/** The trees deleted by Python loops over a tree whose variables reach a delete (see the header). */
function treeRemovals(code: string, removals: Removal[]): string[] {
  const trees = loopTrees(code);
  if (trees.size === 0) return [];
  PATH_DELETE.lastIndex = 0;
  for (let match = PATH_DELETE.exec(code); match !== null; match = PATH_DELETE.exec(code))
    removals.push({ at: match.index, args: match[1]! });
  const conditions = [...code.matchAll(IF)].map((match) => match.index);
  const found = new Set<string>();
  for (const removal of removals) {
    for (const [name] of removal.args.matchAll(IDENTIFIER)) {
      const tree = trees.get(name);
      if (!tree) continue;
      const from = Math.min(tree.start, removal.at);
      const to = removal.at < tree.start ? tree.lineEnd : removal.at;
      const conditional = hasPositionIn(conditions, from, to);
      const pattern = conditional ? UNKNOWN_TARGET : tree.pattern;
      const mode = removal.chmod?.split(' ')[1];
      if (mode !== undefined) found.add(`chmod -R ${mode} ${tree.root}`);
      else found.add(pattern === undefined ? `rm -rf ${tree.root}` : `find ${tree.root} -name ${pattern} -delete`);
      break;
    }
  }
  return [...found];
}

/** Whether a sorted list of positions has one in [from, to). */
function hasPositionIn(positions: number[], from: number, to: number): boolean {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low < positions.length && positions[low]! < to;
}

/** Each loop variable bound by a loop over a tree, to the tree (a later loop rebinding a name wins). */
function loopTrees(code: string): Map<string, Tree> {
  const trees = new Map<string, Tree>();
  let loops = 0;
  FOR_LOOP.lastIndex = 0;
  for (let match = FOR_LOOP.exec(code); match !== null && loops < MAX_LOOPS; match = FOR_LOOP.exec(code)) {
    const listing = treeListing(code, FOR_LOOP.lastIndex, trees);
    if (!listing) continue;
    loops += 1;
    const newline = code.indexOf('\n', FOR_LOOP.lastIndex);
    const tree: Tree = { ...listing, start: match.index, lineEnd: newline < 0 ? code.length : newline };
    for (const [name] of match[1]!.matchAll(IDENTIFIER)) trees.set(name, tree);
    FOR_LOOP.lastIndex = Math.max(FOR_LOOP.lastIndex, listing.end);
  }
  return trees;
}

/** The tree a loop's iterable at `from` lists, if it lists one. */
function treeListing(
  code: string,
  from: number,
  trees: Map<string, Tree>,
): { root: string; pattern?: string; end: number } | undefined {
  WALK.lastIndex = from;
  if (WALK.test(code)) {
    const call = readArguments(code, WALK.lastIndex, 'python', false);
    const [root] = positional(call.args);
    return root === undefined ? undefined : { root: pathWord(root, 'python'), end: call.end };
  }
  GLOB.lastIndex = from;
  if (GLOB.test(code)) {
    const call = readArguments(code, GLOB.lastIndex, 'python', false);
    const pattern = literalText(call.args[0], 'python');
    if (pattern === undefined || !call.args.some((arg) => /recursive\s*=\s*True/.test(arg))) return undefined;
    return globTree(pattern, call.end);
  }
  PATH.lastIndex = from;
  const receiver = PATH.exec(code);
  if (receiver) {
    const path = receiver[1] ? readArguments(code, PATH.lastIndex, 'python', false) : { args: [], end: PATH.lastIndex };
    PATH_GLOB.lastIndex = path.end;
    const method = PATH_GLOB.exec(code);
    if (!method) return undefined;
    const call = readArguments(code, PATH_GLOB.lastIndex, 'python', false);
    const pattern = literalText(call.args[0], 'python');
    if (pattern === undefined || (method[1] === 'glob' && !pattern.startsWith('**'))) return undefined;
    const tree = globTree(`${method[1] === 'rglob' ? '**/' : ''}${pattern}`, call.end);
    const root = pathWord(receiver[1] ? `Path(${path.args.join(',')})` : 'Path.home()', 'python');
    return tree && { ...tree, root };
  }
  NAME.lastIndex = from;
  const name = NAME.exec(code)?.[1];
  const tree = name === undefined ? undefined : trees.get(name);
  return tree && { root: tree.root, pattern: tree.pattern, end: NAME.lastIndex };
}

/** A recursive glob (`X/**`, `X/**\/*.pyc`): its root, and its name pattern unless it matches everything. */
function globTree(pattern: string, end: number): { root: string; pattern?: string; end: number } | undefined {
  const recursive = pattern.indexOf('**');
  if (recursive < 0) return undefined;
  const root = pattern.slice(0, recursive).replace(/\/+$/, '');
  if (/[*?[]/.test(root)) return undefined;
  const last = pattern.slice(pattern.lastIndexOf('/') + 1);
  const name = last === '' || last === '*' || last === '**' ? undefined : quote(last);
  return { root: root === '' ? '.' : pathWord(JSON.stringify(root), 'python'), pattern: name, end };
}
