// The files a command reads, so that a rule about secrets sees every spelling of the path as the targets do:
// `cat ~/.ssh/i*`, `cd ~/.aws && cat credentials`, `ln -s ~/.ssh/id_rsa n && cat n`, `python3 x.py < .env`.
// Each is a target of a view `< FILE` of its own (the shell command that opens FILE for reading), never of the
// command's view, so a rule on what a command changes cannot mistake a file it reads for one it deletes.
//
// Readers: programs whose operands are files they read (cat, less, base64, grep's files, cp's and rsync's
// sources, tar and zip's inputs, an interpreter's script and operands, …), programs that take a script first
// (awk, sed, grep, jq …: the files after it), the value of options that name an input (`-in`, `-inkey`, `-f`,
// `-T`, `-d @FILE`, dd's `if=`), `file://` URLs, the start folders of a find that runs -exec, the files of
// `git diff`, `git hash-object` and `git add` (what it stages can be pushed), and a `<` redirection of any command. Over-reading is harmless here: a rule asks only when a path is a credential.
import { commandName } from './render';
import type { Redirect } from './syntax';
import type { Word } from './word';

/** Every operand is a file read. */
const READS_OPERANDS = new Set(
  (
    'cat tac nl less more most head tail bat batcat strings xxd hexdump hd od base64 base32 basenc cut paste sort ' +
    'uniq diff cmp comm zcat gzcat bzcat xzcat zless zmore zstdcat fold fmt pr expand unexpand column wc md5sum ' +
    'sha1sum sha256sum sha512sum shasum b2sum cksum iconv m4 ed ex vi vim nvim view nano emacs code subl gpg ' +
    'sqlite3 source . tar zip 7z gzip bzip2 xz zstd lz4 split csplit shuf look join'
  ).split(' '),
);
/** The first operand is the program (or pattern) and the rest are files read, unless an option gave it. */
const READS_AFTER_SCRIPT = new Set('awk gawk mawk nawk sed grep egrep fgrep zgrep rg ag ack jq yq'.split(' '));
/** Options whose value names a file read, wherever they stand. */
const INPUT_OPTIONS = new Set(['-in', '-inkey', '-key', '-f', '-T', '--upload-file', '--input']);
/** Options of one program whose value is a file it reads (and sends, for most of these). */
const PROGRAM_INPUT_OPTIONS: Record<string, ReadonlySet<string>> = {
  wget: new Set(['-i', '--input-file']),
  gh: new Set(['-F', '--body-file', '--field', '--raw-field', '--input']),
  git: new Set(['-F', '--file']),
  curl: new Set(['-K', '--config', '-F', '--form']),
  xargs: new Set(['-a', '--arg-file']),
  parallel: new Set(['-a', '--arg-file']),
};
/** Options whose value is the script or pattern, so that the first operand is already a file. */
const SCRIPT_OPTIONS = /^(-e|--expression|--regexp)$/;
/** Interpreters read their script file and the files after it; code given by an option is no file. */
const INTERPRETERS = new Set('perl ruby python python2 python3 php node nodejs deno bun'.split(' '));
const CODE_OPTIONS = /^(-c|-e|-E|-r|-p|--eval|--print)$/;
/** Copies read every operand but the last (the destination). */
const COPIES = new Set(['cp', 'scp', 'rsync', 'install']);

/** The files a command reads, as written (after values were filled in). */
export function readFiles(words: readonly Word[], redirects: readonly Redirect[]): string[] {
  const files = redirects.flatMap(({ op, target }) => (target && /^[0-9]*<>?$/.test(op) ? [target.text] : []));
  const first = words[0];
  if (first === undefined) return files;
  const name = commandName(first);
  const texts = words.slice(1).map((word) => word.text);
  const operands: string[] = [];
  let scriptGiven = false;
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i]!;
    if ((INPUT_OPTIONS.has(text) || PROGRAM_INPUT_OPTIONS[name]?.has(text)) && texts[i + 1] !== undefined) {
      // `-f FILE` is also awk's, sed's and grep's script from a file.
      scriptGiven ||= text === '-f';
      // `-F name=@FILE` (curl, gh) names the file after the `@`.
      files.push(texts[(i += 1)]!.replace(/^([^=@]*=)?@/, ''));
    } else if ((INTERPRETERS.has(name) ? CODE_OPTIONS : SCRIPT_OPTIONS).test(text)) {
      scriptGiven = !INTERPRETERS.has(name);
      i += 1;
    } else if (/^(-d|--data(-binary)?)$/.test(text) && texts[i + 1]?.startsWith('@')) {
      files.push(texts[(i += 1)]!.slice(1));
    } else if (text.startsWith('if=')) {
      files.push(text.slice(3));
    } else if (/^file:\/\//i.test(text)) {
      // curl, wget and friends read a local file by URL.
      files.push(fileUrlPath(text));
    } else if (!text.startsWith('-')) {
      // An empty word is a script or pattern (`grep -r '' DIR`), never a file.
      operands.push(text);
    }
  }
  // find's and xargs' `{}` stands for files named elsewhere.
  const named = (list: readonly string[]) => list.filter((operand) => operand !== '' && operand !== '{}');
  if (READS_OPERANDS.has(name) || INTERPRETERS.has(name)) files.push(...named(operands));
  else if (COPIES.has(name)) files.push(...named(operands.slice(0, -1)));
  else if (READS_AFTER_SCRIPT.has(name)) files.push(...named(scriptGiven ? operands : operands.slice(1)));
  else if (name === 'git' && /^(diff|hash-object|add)$/.test(texts[0] ?? '')) files.push(...named(operands.slice(1)));
  else if (name === 'find' && texts.some((text) => text === '-exec' || text === '-execdir')) {
    // `find DIR -exec cat {} +` reads what it finds: its start folders stand for it.
    const end = texts.findIndex((text) => /^[-(!]/.test(text));
    files.push(...texts.slice(0, end < 0 ? texts.length : end));
  }
  return files;
}

/** The path of a `file://` URL, percent-escapes decoded where they are valid. */
function fileUrlPath(url: string): string {
  const path = url.slice('file://'.length);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
