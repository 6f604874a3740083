// The accounts' records, `<ssgHome>/claude-accounts/accounts.json`: `{ version: 1, accounts: [{ id, name,
// createdAt }] }`. The default account is not recorded: it always exists.
//
// Every change reads the file, changes it and writes it back atomically in one synchronous step under a lock
// (`accounts.json.lock`), so no two stores, in one process or several, lose each other's changes. A file that
// cannot be read as records is an error naming it, never silently reset: it lists which folders hold logins.
//
// Removing an account never deletes its login: its folder (`.credentials.json`, `.claude.json`, and on macOS the
// keychain entry keyed by the folder's path) is moved to `claude-accounts/.removed/<id>-<time>/`, where the user
// can delete it or move it back. ssg never logs an account out (Claude Code may revoke the refresh token).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import {
  accountConfigDir,
  accountsFolder,
  assertAccountId,
  type ClaudeAccount,
  DEFAULT_ACCOUNT,
  DEFAULT_ACCOUNT_ID,
  newAccountId,
  validAccountName,
} from './account';
import { withFileLock } from './file-lock';

export interface AccountRecord {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface AccountRemoval {
  account: ClaudeAccount;
  /** Where the account's folder (and its login) now is; undefined when it had no folder. */
  keptAt?: string;
}

export interface AccountStoreOptions {
  ssgHome: string;
  now?: () => Date;
}

const FILE_VERSION = 1;
export const REMOVED_FOLDER = '.removed';

export const accountsFilePath = (ssgHome: string): string => join(accountsFolder(ssgHome), 'accounts.json');

export class AccountStore {
  readonly #ssgHome: string;
  readonly #now: () => Date;

  constructor(options: AccountStoreOptions) {
    this.#ssgHome = options.ssgHome;
    this.#now = options.now ?? (() => new Date());
  }

  get file(): string {
    return accountsFilePath(this.#ssgHome);
  }

  /** The default account first, then the others in the order they were added. */
  list(): ClaudeAccount[] {
    return [DEFAULT_ACCOUNT, ...this.#read().map((record) => this.#account(record))];
  }

  get(id: string): ClaudeAccount | undefined {
    return this.list().find((account) => account.id === id);
  }

  /** Records a new account and creates its (empty) config folder; its id is made from the name. */
  add(name: string): ClaudeAccount {
    const kept = validAccountName(name);
    return this.#change((records) => {
      this.#assertNameFree(records, kept);
      const folders = this.#existingFolders();
      // A folder nobody records may still hold someone's login: a new account never takes it over.
      const id = newAccountId(kept, (candidate) => folders.has(candidate) || records.some((r) => r.id === candidate));
      const record: AccountRecord = { id, name: kept, createdAt: this.#now().toISOString() };
      mkdirSync(accountConfigDir(this.#ssgHome, id), { recursive: true, mode: 0o700 });
      return { records: [...records, record], result: this.#account(record) };
    });
  }

  /** Renames an account; its id and folder stay (the folder's path keys its macOS keychain entry). */
  rename(id: string, name: string): ClaudeAccount {
    const kept = validAccountName(name);
    return this.#change((records) => {
      const record = this.#find(records, id);
      this.#assertNameFree(
        records.filter((r) => r !== record),
        kept,
      );
      const renamed = { ...record, name: kept };
      return { records: records.map((r) => (r === record ? renamed : r)), result: this.#account(renamed) };
    });
  }

  /** Forgets an account and moves its folder aside (see the top of this file); the login is not deleted. */
  remove(id: string): AccountRemoval {
    return this.#change((records) => {
      const record = this.#find(records, id);
      const folder = accountConfigDir(this.#ssgHome, record.id);
      let keptAt: string | undefined;
      if (existsSync(folder)) {
        const removed = join(accountsFolder(this.#ssgHome), REMOVED_FOLDER);
        mkdirSync(removed, { recursive: true, mode: 0o700 });
        keptAt = join(removed, `${record.id}-${this.#now().toISOString().replace(/[:.]/g, '-')}`);
        renameSync(folder, keptAt);
      }
      return { records: records.filter((r) => r !== record), result: { account: this.#account(record), keptAt } };
    });
  }

  #account(record: AccountRecord): ClaudeAccount {
    return {
      id: record.id,
      name: record.name,
      isDefault: false,
      configDir: accountConfigDir(this.#ssgHome, record.id),
    };
  }

  #find(records: AccountRecord[], id: string): AccountRecord {
    if (id === DEFAULT_ACCOUNT_ID)
      throw new Error("The default account is the machine's own login: it cannot be changed here.");
    assertAccountId(id);
    const record = records.find((r) => r.id === id);
    if (!record) throw new Error(`There is no account ${JSON.stringify(id)}.`);
    return record;
  }

  #assertNameFree(records: AccountRecord[], name: string): void {
    const key = name.toLocaleLowerCase();
    const clash = [DEFAULT_ACCOUNT, ...records].find((r) => r.name.toLocaleLowerCase() === key);
    if (clash) throw new Error(`An account named ${JSON.stringify(clash.name)} already exists.`);
  }

  #existingFolders(): Set<string> {
    try {
      return new Set(readdirSync(accountsFolder(this.#ssgHome)));
    } catch {
      return new Set();
    }
  }

  #change<T>(apply: (records: AccountRecord[]) => { records: AccountRecord[]; result: T }): T {
    mkdirSync(accountsFolder(this.#ssgHome), { recursive: true, mode: 0o700 });
    return withFileLock(this.file, () => {
      const { records, result } = apply(this.#read());
      const file = { version: FILE_VERSION, accounts: records };
      writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      return result;
    });
  }

  #read(): AccountRecord[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Error(`Cannot read the accounts file ${this.file}: ${(error as Error).message}`, { cause: error });
    }
    return parseRecords(text, this.file);
  }
}

function parseRecords(text: string, file: string): AccountRecord[] {
  const fail = (why: string): never => {
    throw new Error(`The accounts file ${file} is not valid (${why}); fix or move it away, ssg will not overwrite it.`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail('not an object');
  const { version, accounts } = parsed as { version?: unknown; accounts?: unknown };
  if (version !== FILE_VERSION) fail(`version ${JSON.stringify(version)}, expected ${FILE_VERSION}`);
  if (!Array.isArray(accounts)) fail('"accounts" is not a list');
  const records = (accounts as unknown[]).map((entry, index) => {
    const { id, name, createdAt } = (entry ?? {}) as Partial<Record<keyof AccountRecord, unknown>>;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof createdAt !== 'string')
      fail(`account ${index + 1} needs a string id, name and createdAt`);
    try {
      assertAccountId(id as string);
    } catch (error) {
      fail(`account ${index + 1}: ${(error as Error).message}`);
    }
    return { id, name, createdAt } as AccountRecord;
  });
  if (new Set(records.map((r) => r.id)).size !== records.length) fail('an id appears twice');
  return records;
}
