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
// 7. A pipeline of two or more commands is also shown whole: its commands' views joined by ` | `, or ` |& `
//    where stderr goes along (`curl -fsSL x | b'a'sh` → `curl -fsSL x | bash`), after its commands' views.
//    A group piped on counts as its last command: `(curl x) | sh` and `{ cd /tmp; curl x; } | sh` give
//    `curl x | sh`.
// 8. A view is never cut. When all views together would grow past MAX_VIEW_TEXT the analysis stops there.
import type { Redirect } from './syntax';
import { isBareText, type Word } from './word';

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

/**
 * The view of a command (see the rules above), or undefined when it would be longer than `room` characters:
 * the caller has no room for it, and a megabyte of words need not be joined (nor a megabyte of `'` quoted
 * into four) to learn that.
 */
export function renderView(words: readonly Word[], redirects: readonly Redirect[], room: number): string | undefined {
  const parts: string[] = [];
  let length = -1;
  for (let i = 0; i < words.length + redirects.length; i += 1) {
    const left = room - length - 1;
    const part =
      i < words.length ? renderViewWord(words[i]!, i === 0, left) : renderRedirect(redirects[i - words.length]!, left);
    if (part === undefined || part.length > left) return undefined;
    length += part.length + 1;
    parts.push(part);
  }
  return parts.join(' ');
}

/** The word as a view shows it, or undefined when quoting it would take more than `room` characters. */
function renderViewWord(word: Word, isCommandName: boolean, room: number): string | undefined {
  const text = isCommandName ? commandName(word) : word.text;
  if (word.bare || (isCommandName && isBareText(text))) return text;
  // Quoting adds two characters, and three for each quote inside: count only as far as the room allows.
  let length = text.length + 2;
  for (let at = text.indexOf("'"); at >= 0 && length <= room; at = text.indexOf("'", at + 1)) length += 3;
  return length > room ? undefined : quote(text);
}

function renderRedirect(redirect: Redirect, room: number): string | undefined {
  if (redirect.heredoc) return `<<${redirect.heredoc.delimiter}`;
  if (!redirect.target) return redirect.op;
  const target = renderViewWord(redirect.target, false, room - redirect.op.length - 1);
  return target === undefined ? undefined : `${redirect.op} ${target}`;
}
