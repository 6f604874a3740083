// Claude Code's login on Linux and Windows: `<config folder>/.credentials.json` (`~/.claude/.credentials.json` for
// the default account). Read only.
import { join } from 'node:path';
import { type ClaudeAccount, effectiveConfigDir } from './account';
import {
  type CredentialProblemListener,
  type CredentialReader,
  isCredentialProblem,
  parseClaudeCredentials,
} from './credentials';
import { readSmallFile } from './read-small-file';

/** A real file is a few hundred bytes; anything this big is not one, and is not read into memory. */
export const MAX_CREDENTIALS_FILE_BYTES = 64 * 1024;

export const credentialsFilePath = (account: ClaudeAccount, home: string): string =>
  join(effectiveConfigDir(account, home), '.credentials.json');

export interface FileCredentialReaderOptions {
  /** The user's home folder (where the default account's `.claude` is). */
  home: string;
  onProblem?: CredentialProblemListener;
}

export function fileCredentialReader(options: FileCredentialReaderOptions): CredentialReader {
  return {
    async read(account) {
      const path = credentialsFilePath(account, options.home);
      const problem = (message: string) => {
        options.onProblem?.({ accountId: account.id, message: `${path}: ${message}` });
        return undefined;
      };
      let text: string;
      try {
        text = await readSmallFile(path, MAX_CREDENTIALS_FILE_BYTES);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return undefined;
        return problem(
          code === 'EFBIG' ? 'larger than a credentials file can be' : `cannot be read (${code ?? 'error'})`,
        );
      }
      const parsed = parseClaudeCredentials(text);
      return isCredentialProblem(parsed) ? problem(`not a Claude Code credentials file: ${parsed.problem}`) : parsed;
    },
  };
}
