// How a simple command is shown to rules (a "view"). Rule authors write patterns against these strings, so the
// rules below are part of the rule language's contract.
//
// 1. A view is the command's words joined by single spaces, then its redirections in source order.
//    Leading assignments are dropped: `FOO=1 BAR="x y" rm -rf /` → `rm -rf /`.
// 2. Quoting and escapes are resolved: `"rm" -rf /`, `r""m -rf /`, `'r'm -rf /`, `\rm -rf /`, `r\m -rf /`,
//    `$'\x72\x6d' -rf /` and `$"rm" -rf /` all give `rm -rf /`.
// 3. Nothing is expanded. `$NAME`, `${…}`, `$(…)`, `` `…` ``, `$((…))`, `<(…)` appear as written, and the
//    commands inside substitutions are views of their own.
// 4. A word is written bare when it is non-empty and holds no whitespace, no control character and none of
//    ;&|<>()$`'"\*?[]{}~#!  — with two exceptions that keep common targets readable:
//      - glob, brace and tilde characters (* ? [ ] { } ~) written unquoted stay bare: `rm -rf ~`, `rm *.log`,
//        `xargs -I {} rm {}`;
//      - parameter expansions stay bare, quoted or not, unless they hold whitespace, quotes or command syntax:
//        `rm -rf "$HOME"` → `rm -rf $HOME`, `cd "${DIR}"` → `cd ${DIR}`.
//    Any other word is single-quoted as a whole, with an embedded `'` written `'\''`:
//      `rm -rf ";" $HOME` → `rm -rf ';' $HOME`, `echo "it's"` → `echo 'it'\''s'`, `rm "*.log"` → `rm '*.log'`
//      (a quoted star is a literal star), `""` → `''`, `echo "$(date)"` → `echo '$(date)'`,
//      `rm -rf "$HOME/My Files"` → `rm -rf '$HOME/My Files'`.
// 5. The command word is reduced to its basename when it is an absolute path: `/bin/rm -rf /` → `rm -rf /`.
//    Relative paths stay as written (`./rm`, `../bin/rm`, `bin/rm` name local programs).
// 6. Redirections are written operator, space, target: `> /dev/sda`, `>> ~/.bashrc`, `2> err.log`,
//    `< in.txt`, `&> out.log`, `&>> out.log`, `<> file`, `<<< word`. A default fd is dropped (`1> x` → `> x`,
//    `0< x` → `< x`), `>|` is `>`, and `>& file` is `&> file`. Duplications have no space: `2>&1`, `>&2`,
//    `2>&-`. A heredoc is `<<` and its delimiter without quotes (`<<EOF` for `<<-'EOF'`), never its body.
// 7. A view longer than MAX_VIEW_BYTES is cut (and the analysis marked truncated).
import { MAX_VIEW_BYTES } from './limits';
import type { Redirect } from './syntax';
import { isBareText, type Word } from './word';

function renderWord(word: Word): string {
  return word.bare ? word.text : quote(word.text);
}

/** Single-quotes `text` the way a shell would read it back. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The program a command word names: the basename of an absolute path, else the word as written. */
export function commandName(word: Word): string {
  if (!word.text.startsWith('/')) return word.text;
  const base = word.text.slice(word.text.lastIndexOf('/') + 1);
  return base === '' ? word.text : base;
}

/** The view of a command (see the rules above); may exceed MAX_VIEW_BYTES, which the caller cuts. */
export function renderView(words: readonly Word[], redirects: readonly Redirect[]): string {
  const parts: string[] = [];
  // Every UTF-16 unit is at least one UTF-8 byte, so past this length the view will be cut anyway.
  let room = MAX_VIEW_BYTES;
  for (let i = 0; i < words.length + redirects.length && room >= 0; i += 1) {
    const part = i < words.length ? renderViewWord(words[i]!, i === 0) : renderRedirect(redirects[i - words.length]!);
    parts.push(part);
    room -= part.length + 1;
  }
  return parts.join(' ');
}

function renderViewWord(word: Word, isCommandName: boolean): string {
  if (!isCommandName) return renderWord(word);
  const name = commandName(word);
  return word.bare || isBareText(name) ? name : quote(name);
}

function renderRedirect(redirect: Redirect): string {
  if (redirect.heredoc) return `<<${redirect.heredoc.delimiter}`;
  return redirect.target ? `${redirect.op} ${renderWord(redirect.target)}` : redirect.op;
}
