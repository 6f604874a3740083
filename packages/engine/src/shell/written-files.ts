// The files a command writes over through its options or its script rather than its operands or a redirection:
// `find . -fprint ~/.bashrc`, `sed -n 'w ~/.ssh/id_rsa'`, `awk '{print > "/home/dev/.bashrc"}'`, `uniq a b`,
// `tar -cf ARCHIVE`, and the folders archives and downloads land in (`unzip -d ~/.ssh`, `tar -x -C ~`,
// `curl --output-dir ~`, `wget -P ~`), in-place editors (`perl -pi`, `ruby -i`, `gawk -i inplace`, `ex`, `ed`,
// `patch`). Each is a target of a view `> FILE`, as a redirection's file is (targets.ts).
import { commandName } from './render';
import type { Word } from './word';

/** Options whose value is a file or folder written, by program. */
const WRITING_OPTIONS: Record<string, readonly string[]> = {
  find: ['-fprint', '-fprint0', '-fls', '-fprintf'],
  curl: ['--output-dir'],
  wget: ['-P', '--directory-prefix'],
  unzip: ['-d'],
  tar: ['-C', '--directory'],
  bsdtar: ['-C', '--directory'],
  cpio: ['-D', '--directory'],
};
/** Editors that write back the files they are given. */
const IN_PLACE = new Set(['ex', 'ed', 'patch', 'rename', 'prename']);
/** Editors whose `-c CMD` takes a value (so CMD is no file). */
const COMMAND_OPTION = /^-[a-zA-Z]*[ce]$|^--cmd$/;

export function writtenFiles(words: readonly Word[]): string[] {
  const first = words[0];
  if (first === undefined) return [];
  const name = commandName(first);
  const texts = words.slice(1).map((word) => word.text);
  const files: string[] = [];
  const options = WRITING_OPTIONS[name] ?? [];
  texts.forEach((text, i) => {
    const option = options.find((o) => text === o || text.startsWith(`${o}=`));
    if (option !== undefined) files.push(text === option ? (texts[i + 1] ?? '') : text.slice(option.length + 1));
    // 7z's `-oDIR` and tar's `-cf ARCHIVE` (the archive it creates).
    if (name === '7z' && /^-o./.test(text)) files.push(text.slice(2));
    if ((name === 'tar' || name === 'bsdtar') && /^-?[a-zA-Z]*c[a-zA-Z]*f$/.test(text)) files.push(texts[i + 1] ?? '');
  });
  // Operands: not options, nor the command an editor's `-c`/`-sc`/`-e` takes, nor its `+CMD`.
  const operands = texts.filter((text, i) => !/^[-+]/.test(text) && !COMMAND_OPTION.test(texts[i - 1] ?? ''));
  if (name === 'sed') files.push(...sedWrites(operands[0] ?? ''));
  if (/^[gnm]?awk$/.test(name)) files.push(...awkWrites(operands[0] ?? ''));
  if (name === 'uniq' && operands[1] !== undefined) files.push(operands[1]);
  if (/^(vim?|nvim|view|ex)$/.test(name)) {
    // `-c 'w! FILE'`, `-c 'saveas FILE'`: an Ex command that writes a file of its own.
    texts.forEach((text, i) => {
      const command = COMMAND_OPTION.test(texts[i - 1] ?? '') ? text : text.startsWith('+') ? text.slice(1) : '';
      for (const match of command.matchAll(/(?:^|[|\s:])(?:w|write|sav|saveas)!?\s+([^|\s]+)/g)) files.push(match[1]!);
    });
  }
  if (name === 'scp' && operands.length >= 2 && !operands.at(-1)!.includes(':')) files.push(operands.at(-1)!);
  const inPlace =
    IN_PLACE.has(name) ||
    // vim's `-c 'w!'`, `-c '%d|wq'`, `+wq`: Ex commands that write the file back.
    (/^(vim?|nvim|view)$/.test(name) &&
      texts.some((text, i) =>
        /(^|[|\s:])(w|wq|x|wall|update)!?(\s|$|\|)/.test(
          /^(-c|--cmd)$/.test(texts[i - 1] ?? '') || text.startsWith('+') ? text.replace(/^\+/, '') : '',
        ),
      )) ||
    ((name === 'perl' || name === 'ruby') && texts.some((text) => /^-[a-zA-Z]*i/.test(text))) ||
    (/^g?awk$/.test(name) && texts.some((text, i) => text === '-i' && texts[i + 1] === 'inplace'));
  // perl's, ruby's and awk's first operand is their code, unless `-e CODE` gave it.
  const codeGiven = texts.some((text) => /^-[a-zA-Z]*e$/.test(text));
  const scripted = name === 'perl' || name === 'ruby' || /awk$/.test(name);
  if (inPlace) files.push(...operands.slice(scripted && !codeGiven ? 1 : 0));
  return files.filter((file) => file !== '' && !file.startsWith('/dev/'));
}

/** sed's `w FILE` commands and `s///w FILE` flags: the files are emptied when sed starts. */
function sedWrites(script: string): string[] {
  return [...script.matchAll(/(?:^|[;\s}]|\/[gpiImMe0-9]*)w\s+([^;\s}]+)/g)].map((match) => match[1]!);
}

/** awk's `print > "FILE"` and `printf … > "FILE"` (not `>>`); `ENVIRON["HOME"] "/x"` is `~/x`. */
function awkWrites(program: string): string[] {
  return [...program.matchAll(/[^>]>\s*(ENVIRON\["HOME"\]\s*)?"([^"]*)"/g)].flatMap((match) => {
    const path = match[1] === undefined ? match[2]! : `~${match[2]!}`;
    return path === '' ? [] : [path];
  });
}
