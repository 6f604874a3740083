// Reading one of ssg's TOML files (fleet.toml, hosts.toml): its top table, nothing when the file is not there, and
// an error that names the file and what is wrong with it — made by the caller, who knows what to advise.
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

/** The file's top table, or undefined when there is no file; `failure(problem)` is thrown otherwise. */
export function readTomlFile(path: string, failure: (problem: string) => Error): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw failure(`${path} cannot be read (${code})`);
  }
  try {
    return parseToml(text);
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0];
    throw failure(`${path} is not valid TOML (${reason})`);
  }
}
