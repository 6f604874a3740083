// Interpreter code that decodes a literal and runs it as code of the same language: `exec(bytes.fromhex('…')
// .decode())`, `exec(base64.b64decode('…'))`, `exec(codecs.decode('…', 'rot13'))`, `eval(Buffer.from('…',
// 'base64').toString())`, `new Function(atob('…'))()`, `eval(base64_decode('…'))`, `eval(Base64.decode64('…'))`,
// `eval(decode_base64('…'))` (also through a name assigned once). The payload is decoded and read again as
// code of that language (interpreters.ts does, through `analyse`), to a bounded depth. A decoding whose payload
// cannot be read (not a literal, too long, not valid text, compressed) runs code ssg cannot see: that is
// UNKNOWN_CODE, the view the rules ask about for a command that is not known.
//
// Only what reaches a code sink is decoded: `json.loads(base64.b64decode('…'))` is data, not code. Each
// decoded payload is no longer than its literal, so the whole work is linear in the code per level.
import { readArguments, skipSpaces } from './code-literals';
import type { CodeNames } from './code-paths';
import { literalConcatenation } from './code-rewrites';
import type { ScannedLanguage } from './interpreters';

/** The view of code run that cannot be read: a shell running a command ssg does not know. */
export const UNKNOWN_CODE = 'sh -c $UNKNOWN';

/** Longest literal decoded, and most sinks read per piece of code. */
const MAX_ENCODED = 65_536;
const MAX_SINKS = 16;

/** Calls that run their argument as code, per language (the pattern ends just after the `(`). */
const SINKS: Partial<Record<ScannedLanguage, RegExp>> = {
  python: /(?<![\w.])(?:exec|eval|compile)\s*\(/g,
  node: /(?<![\w$.])(?:eval|(?:new\s+)?Function|vm\.runIn(?:This|New)?Context|runInThisContext)\s*\(/g,
  ruby: /(?<![\w.])(?:eval|instance_eval|class_eval)\s*\(/g,
  perl: /(?<![\w$])eval\s*\(/g,
  php: /(?<![\w$])eval\s*\(/g,
};

type Decoder = { pattern: RegExp; decode: (payload: string, extra: string) => string | undefined };

const fromBase64 = (payload: string): string | undefined => {
  const clean = payload.replace(/\s/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return undefined;
  return bytesText(Uint8Array.from(atob(clean), (c) => c.charCodeAt(0)));
};
const fromHex = (payload: string): string | undefined => {
  const clean = payload.replace(/\s/g, '');
  if (!/^(?:[0-9A-Fa-f]{2})*$/.test(clean)) return undefined;
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return bytesText(bytes);
};
const rot13 = (payload: string): string =>
  payload.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

function bytesText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Decoding calls: the literal is the first group, a codec name (if any) the second. */
const DECODERS: Partial<Record<ScannedLanguage, Decoder[]>> = {
  python: [
    { pattern: /^(?:bytes|bytearray)\.fromhex\((.*)\)(?:\.decode\([^()]*\))?$/s, decode: fromHex },
    { pattern: /^(?:binascii\.)?(?:unhexlify|a2b_hex)\((.*)\)(?:\.decode\([^()]*\))?$/s, decode: fromHex },
    {
      pattern:
        /^base64\.(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes|decodestring)\((.*)\)(?:\.decode\([^()]*\))?$/s,
      decode: fromBase64,
    },
    {
      pattern: /^codecs\.decode\((.*?),\s*(?:encoding\s*=\s*)?['"]([\w-]+)['"]\s*\)(?:\.decode\([^()]*\))?$/s,
      decode: (payload, codec) =>
        /^rot[_-]?13$/i.test(codec)
          ? rot13(payload)
          : /^hex/i.test(codec)
            ? fromHex(payload)
            : /^base64/i.test(codec)
              ? fromBase64(payload)
              : undefined,
    },
    {
      pattern: /^(?:zlib|gzip|bz2|lzma|marshal|pickle)\.\w+\((.*)\)(?:\.decode\([^()]*\))?$/s,
      decode: () => undefined,
    },
  ],
  node: [
    {
      pattern: /^Buffer\.from\((.*?),\s*['"](base64|base64url|hex)['"]\s*\)(?:\.toString\([^()]*\))?$/s,
      decode: (payload, codec) => (codec === 'hex' ? fromHex(payload) : fromBase64(payload)),
    },
    { pattern: /^atob\((.*)\)$/s, decode: fromBase64 },
    {
      pattern: /^(?:zlib\.)?\w*(?:inflate|unzip|gunzip)\w*\((.*)\)(?:\.toString\([^()]*\))?$/s,
      decode: () => undefined,
    },
  ],
  ruby: [
    { pattern: /^Base64\.(?:strict_|urlsafe_)?decode64\((.*)\)$/s, decode: fromBase64 },
    { pattern: /^\[(.*)\]\.pack\(\s*['"]H\*['"]\s*\)$/s, decode: fromHex },
    { pattern: /^(.*)\.unpack1?\(\s*['"]m0?['"]\s*\)(?:\.first|\[0\])?$/s, decode: fromBase64 },
  ],
  perl: [
    { pattern: /^(?:MIME::Base64::)?decode_base64\((.*)\)$/s, decode: fromBase64 },
    { pattern: /^pack\(\s*['"]H\*['"]\s*,(.*)\)$/s, decode: fromHex },
  ],
  php: [
    { pattern: /^base64_decode\((.*)\)$/s, decode: fromBase64 },
    { pattern: /^hex2bin\((.*)\)$/s, decode: fromHex },
    { pattern: /^str_rot13\((.*)\)$/s, decode: rot13 },
    { pattern: /^(?:gzinflate|gzuncompress|gzdecode)\((.*)\)$/s, decode: () => undefined },
  ],
};

/**
 * The command lines of the code `code` decodes and runs: each payload handed to `analyse` (which reads it as
 * code of the language, one level deeper), or UNKNOWN_CODE when it cannot be decoded.
 */
export function decodedCodeCommands(
  language: ScannedLanguage,
  code: string,
  names: CodeNames,
  analyse: (payload: string) => string[],
): string[] {
  const sinks = SINKS[language];
  const decoders = DECODERS[language];
  if (!sinks || !decoders) return [];
  // A pattern of its own: `analyse` reads decoded code with this same function while the scan goes on.
  const sink = new RegExp(sinks.source, 'g');
  const found: string[] = [];
  let read = 0;
  for (let match = sink.exec(code); match !== null && read < MAX_SINKS; match = sink.exec(code)) {
    read += 1;
    const call = readArguments(code, sink.lastIndex, language, false);
    sink.lastIndex = Math.max(sink.lastIndex, call.end);
    // `new Function('a', 'b', BODY)`: the body is the last argument; elsewhere the code is the first.
    const argument = (/Function/.test(match[0]) ? call.args[call.args.length - 1] : call.args[0])?.trim();
    if (argument === undefined) continue;
    const payload = decodedPayload(argument, language, decoders, names);
    if (payload === undefined) continue;
    if (payload === null) found.push(UNKNOWN_CODE);
    else found.push(...analyse(payload));
  }
  return found;
}

/**
 * The text an expression decodes to: a string, null when it is a decoding whose payload cannot be read,
 * undefined when it is no decoding at all. A name assigned once is read as its value.
 */
function decodedPayload(
  expression: string,
  language: ScannedLanguage,
  decoders: Decoder[],
  names: CodeNames,
): string | null | undefined {
  let text = expression;
  const values = /^\$?[A-Za-z_]\w*$/.test(text) ? names.get(text) : undefined;
  if (values?.length === 1) text = values[0]!.trim();
  // Python's `.decode()` of the decoded bytes, and a compile()'s extra arguments, do not change the code.
  for (const { pattern, decode } of decoders) {
    const decoding = pattern.exec(text);
    if (!decoding) continue;
    const [first = ''] = splitFirst(decoding[1]!, language);
    const literal = literalConcatenation(first, language);
    if (literal === undefined || literal.length > MAX_ENCODED) return null;
    try {
      return decode(literal, decoding[2] ?? '') ?? null;
    } catch {
      return null;
    }
  }
  return undefined;
}

/** The first top-level argument of an argument list's text. */
function splitFirst(text: string, language: ScannedLanguage): string[] {
  const args = readArguments(`${text})`, skipSpaces(text, 0), language, false).args;
  return args.length > 0 ? args : [text];
}
