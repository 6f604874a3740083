// Interpreter code that reads a secret without touching a credential file, written as the shell command that
// reads the same so the credential rules can ask: an environment variable whose name says it holds a secret
// (`os.environ.get('AWS_SECRET_ACCESS_KEY')`, `process.env.GITHUB_TOKEN`, `ENV['API_KEY']`, `getenv("DB_PASSWORD")`)
// is `printenv NAME`; a password from the system keyring (Python's `keyring.get_password(service, user)`, Node's
// `keytar.getPassword(service, account)`) is `secret-tool lookup service SERVICE username USER`, libsecret's
// command for the same lookup (the Secret Service backend keyring uses on Linux stores those two attributes).
// The whole environment printed (`print(os.environ)`, `console.log(process.env)`, `node -p process.env`) is
// `printenv`. A cheap scan, linear in the code; names must be literal.
import { readArguments, readStringLiteral } from './code-literals';
import type { ScannedLanguage } from './interpreters';
import { quote } from './render';

/** A name that says it holds a secret. */
const SECRET_NAME = /SECRET|TOKEN|PASSW(?:OR)?D|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH/i;

/** An environment variable read with a literal name, per language (the name is the first group found). */
const ENVIRONMENT: Record<ScannedLanguage, RegExp> = {
  python: /\b(?:os\.)?(?:environ(?:\.get)?\s*[[(]|getenv\s*\()\s*['"](\w+)['"]/g,
  node: /\b(?:process|Bun)\.env(?:\.(\w+)|\[\s*['"](\w+)['"]\s*\])|\bDeno\.env\.get\(\s*['"](\w+)['"]/g,
  perl: /\$ENV\{\s*['"]?(\w+)['"]?\s*\}/g,
  ruby: /\bENV(?:\.fetch\(|\[)\s*['"](\w+)['"]/g,
  php: /\b(?:getenv\(|\$_ENV\[|\$_SERVER\[)\s*['"](\w+)['"]/g,
  lua: /\bos\.getenv\(\s*['"](\w+)['"]/g,
  r: /\bSys\.getenv\(\s*['"](\w+)['"]/g,
  julia: /\bENV\[\s*"(\w+)"/g,
  awk: /\bENVIRON\[\s*"(\w+)"/g,
  applescript: /system attribute "(\w+)"/g,
};

/**
 * The whole environment printed (`print(os.environ)`, `console.log(process.env)`, `node -p process.env`, `p ENV`,
 * `print %ENV`, `print_r(getenv())`): `printenv`, since every secret in it is shown.
 */
const WHOLE_ENVIRONMENT: Partial<Record<ScannedLanguage, RegExp>> = {
  python:
    /\b(?:print|pprint(?:\.pprint)?|json\.dumps?)\s*\(\s*(?:dict\s*\(\s*)?(?:os\.)?environ\s*(?:\.(?:items|copy)\s*\(\s*\)\s*)?\)/,
  node: /^\s*(?:process|Bun)\.env\s*;?\s*$|\b(?:console\.(?:log|dir|info|error)|JSON\.stringify)\s*\(\s*(?:process|Bun|Deno)\.env(?:\.toObject\(\))?\s*[,)]/,
  ruby: /(?<![\w.])(?:p|pp|puts|print)\s*\(?\s*ENV(?:\.to_h)?\s*(?:\)|;|$)/m,
  perl: /\bprint\b[^;]{0,80}%ENV\b/,
  php: /\b(?:print_r|var_dump|var_export|json_encode)\s*\(\s*(?:getenv\(\s*\)|\$_ENV|\$_SERVER)\s*[,)]/,
};

const KEYRING = /\b(?:keyring\.get_password|keytar\.getPassword)\s*\(/g;

/** The command lines of the secrets `code` reads (see the header). */
export function secretReadCommands(language: ScannedLanguage, code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(ENVIRONMENT[language])) {
    const name = match.slice(1).find((group) => group !== undefined);
    if (name !== undefined && SECRET_NAME.test(name)) found.add(`printenv ${name}`);
  }
  if (WHOLE_ENVIRONMENT[language]?.test(code)) found.add('printenv');
  if (language === 'python' || language === 'node') {
    KEYRING.lastIndex = 0;
    for (let match = KEYRING.exec(code); match !== null; match = KEYRING.exec(code)) {
      const call = readArguments(code, KEYRING.lastIndex, language, false);
      const [service, user] = call.args.map((arg) => {
        const text = arg.trim();
        const literal = readStringLiteral(text, 0, language);
        return literal && literal.end === text.length ? quote(literal.value) : '$UNKNOWN';
      });
      found.add(`secret-tool lookup service ${service ?? '$UNKNOWN'} username ${user ?? '$UNKNOWN'}`);
      KEYRING.lastIndex = Math.max(KEYRING.lastIndex, call.end);
    }
  }
  return [...found];
}
