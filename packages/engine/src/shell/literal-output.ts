// Text whose content is known before anything runs: a heredoc's body, and what `echo`, `printf` or
// `cat <<EOF` write. Piped into a shell (`echo 'rm -rf /' | sh`) it is code and gets analysed.
import { decodeAnsiC } from './ansi-c';
import { commandName } from './render';
import type { Heredoc, ParsedCommand } from './syntax';

/** The text a heredoc delivers: literal if its delimiter was quoted, else with `\$`, `` \` ``, `\\` unescaped. */
export function heredocText(heredoc: Heredoc & { body: string }): string {
  return heredoc.quoted ? heredoc.body : heredoc.body.replace(/\\([$`\\])|\\\n/g, '$1');
}

/** What `command` writes to stdout when that is evident from its words alone; undefined otherwise. */
export function literalOutput(command: ParsedCommand): string | undefined {
  const [first, ...rest] = command.words;
  if (!first) return undefined;
  const args = rest.map((word) => word.text);
  switch (commandName(first)) {
    case 'echo':
      return echoOutput(args);
    case 'printf':
      return printfOutput(args);
    case 'cat':
      return args.every((arg) => arg === '-') ? stdinText(command) : undefined;
    default:
      return undefined;
  }
}

function echoOutput(args: string[]): string {
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i += 1) {
    const flags = args[i]!;
    escapes = flags.lastIndexOf('e') > flags.lastIndexOf('E');
  }
  const text = args.slice(i).join(' ');
  return escapes ? decodeAnsiC(text) : text;
}

const CONVERSION = /%(?:%|[-+ #0-9.]*([a-zA-Z]))/g;

/** printf's output for the common cases: `%s`/`%b`/numeric conversions filled in order, escapes decoded. */
function printfOutput(args: string[]): string | undefined {
  const start = args[0] === '--' ? 1 : 0;
  const format = args[start];
  if (format === undefined || args[start] === '-v') return undefined;
  const values = args.slice(start + 1);
  let next = 0;
  const parts: string[] = [];
  let last = 0;
  for (const match of format.matchAll(CONVERSION)) {
    parts.push(decodeAnsiC(format.slice(last, match.index)));
    last = match.index + match[0].length;
    if (match[1] === undefined) {
      parts.push('%');
      continue;
    }
    const value = values[next++] ?? '';
    parts.push(match[1] === 'b' ? decodeAnsiC(value) : value);
  }
  parts.push(decodeAnsiC(format.slice(last)));
  return parts.join('');
}

/** The heredoc or herestring a command reads as stdin. */
function stdinText(command: ParsedCommand): string | undefined {
  for (const redirect of command.redirects.toReversed()) {
    const { heredoc } = redirect;
    if (heredoc?.body !== undefined) return heredocText({ ...heredoc, body: heredoc.body });
    if (redirect.op === '<<<' && redirect.target) return redirect.target.text;
  }
  return undefined;
}
