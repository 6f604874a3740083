// Which project rules a person has accepted. A repository's `.ssg/rules/` is written by whoever wrote the
// repository — or by the agent, with one allowed file write — so ssg never applies it as found: `ssg trust`
// (run by a person) copies the folder's rule files into the ssg home (accepted-project-rules.ts), and only that
// accepted copy applies. An edit to the live folder, a new folder, a deleted one change nothing until a person
// accepts them again; the agent cannot write the copy (self-protection guards the ssg home). Even accepted,
// project rules only tighten (the engine evaluates them as a second layer, see ParsedFile.project).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeFileAtomic } from '../atomic-write';
import {
  acceptedEntryDir,
  type AcceptedProjectRules,
  findAcceptedProjectRules,
  projectRulesKey,
} from './accepted-project-rules';
import { realPathOrSelf } from '../fs-probe';
import { findProjectRulesDir, rulesFilesIn } from './sources';

/** What `ssg trust` recorded beside an accepted copy. */
export interface AcceptedRecord {
  /** The live `.ssg/rules` folder, by its real path. */
  folder: string;
  /** Digest of the accepted files (paths and contents), compared with the live folder's. */
  digest: string;
  acceptedAt: string;
  files: string[];
}

export type ProjectRulesState =
  /** No project `.ssg/rules` around the folder, and none accepted. */
  | { state: 'none' }
  /** The live folder's files are the accepted ones. */
  | { state: 'accepted'; folder: string; record: AcceptedRecord }
  /** A live folder no one has accepted: none of its rules apply. */
  | { state: 'untrusted'; folder: string }
  /** The live folder changed (or vanished) since it was accepted: the accepted version still applies. */
  | { state: 'changed'; folder: string; record: AcceptedRecord };

/**
 * Copies the live folder's rule files as the accepted version, replacing an earlier one. Returns the record.
 * The new copy is built beside the old and renamed into place, so a reader sees one version or the other.
 */
export function acceptProjectRules(home: string, liveFolder: string): AcceptedRecord {
  const folder = projectRulesKey(liveFolder);
  const source = realpathSync(liveFolder);
  const files = rulesFilesIn(source).map((file) => relative(source, file));
  const entry = acceptedEntryDir(home, folder);
  const staging = `${entry}.${process.pid}.${Date.now()}.staging`;
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    for (const file of files) {
      mkdirSync(dirname(join(staging, 'rules', file)), { recursive: true, mode: 0o700 });
      cpSync(join(source, file), join(staging, 'rules', file), { dereference: true });
    }
    mkdirSync(join(staging, 'rules'), { recursive: true, mode: 0o700 });
    const record: AcceptedRecord = {
      folder,
      digest: digestOf(join(staging, 'rules'), files),
      acceptedAt: new Date().toISOString(),
      files,
    };
    writeFileAtomic(join(staging, 'accepted.json'), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    const old = `${entry}.${process.pid}.${Date.now()}.old`;
    if (existsSync(entry)) renameSync(entry, old);
    renameSync(staging, entry);
    rmSync(old, { recursive: true, force: true });
    return record;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Forgets the accepted copy of a live folder; returns whether there was one. */
export function revokeProjectRules(home: string, liveFolder: string): boolean {
  const entry = acceptedEntryDir(home, projectRulesKey(liveFolder));
  if (!existsSync(entry)) return false;
  rmSync(entry, { recursive: true, force: true });
  return true;
}

/** The record beside an accepted copy, if it can be read. */
export function acceptedRecord(accepted: AcceptedProjectRules): AcceptedRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(dirname(accepted.rulesDir), 'accepted.json'), 'utf8')) as AcceptedRecord;
  } catch {
    return undefined;
  }
}

/** How the project rules around `cwd` stand: what `ssg trust`, `ssg check` and `ssg doctor` report. */
export function projectRulesState(cwd: string, home: string): ProjectRulesState {
  const live = findProjectRulesDir(cwd, home);
  const liveKey = live && projectRulesKey(live);
  const accepted = findAcceptedProjectRules(cwd, home);
  // A nearer live folder than the accepted one is a project of its own, and no one accepted it.
  if (liveKey && liveKey !== accepted?.folder) return { state: 'untrusted', folder: liveKey };
  if (!accepted) return { state: 'none' };
  const record = acceptedRecord(accepted) ?? { folder: accepted.folder, digest: '', acceptedAt: '', files: [] };
  const current = live && liveKey === accepted.folder ? liveDigest(realPathOrSelf(live)) : undefined;
  return current === record.digest
    ? { state: 'accepted', folder: accepted.folder, record }
    : { state: 'changed', folder: accepted.folder, record };
}

function liveDigest(folder: string): string | undefined {
  try {
    return digestOf(
      folder,
      rulesFilesIn(folder).map((file) => relative(folder, file)),
    );
  } catch {
    return undefined;
  }
}

/** sha256 over each file's relative path and content, in path order. */
function digestOf(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}
