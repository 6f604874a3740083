// Command-line parsing on node:util's parseArgs, with its errors turned into one-line usage errors (exit 2).
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { usageError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs<T extends Options> {
  values: ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>['values'];
  positionals: string[];
}

/**
 * Parses `argv` (the words after the command name) against `options`. Fails with a usage error on an unknown
 * option, a missing option value, or more than `maxPositionals` positional arguments.
 */
export function parseCommandArgs<const T extends Options>(
  command: string,
  argv: string[],
  options: T,
  maxPositionals = 0,
): ParsedArgs<T> {
  const helpHint = `run \`ssg ${command} --help\` for usage`;
  let parsed: ParsedArgs<T>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      throw usageError(describeParseError(code, (error as Error).message), helpHint);
    }
    throw error;
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals];
    throw usageError(`unexpected argument '${extra}'`, helpHint);
  }
  return parsed;
}

function describeParseError(code: string, message: string): string {
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted) {
    const option = quoted.replace(/ <value>$/, '');
    return message.includes('argument missing')
      ? `option ${option} needs a value`
      : `option ${option} does not take a value`;
  }
  // parseArgs' own wording, minus its trailing period and advice about `--`.
  return message.split('. ')[0]!.replace(/\.$/, '');
}
