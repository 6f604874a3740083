// The one way installers touch a file: compute the wanted content from the current one and write only when the
// bytes differ, so a second `ssg init` leaves every file (and its mtime) alone. Writes are atomic; a file
// behind a symbolic link (dotfile managers) is written at its target, keeping the link and the file's mode.
import { existsSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import type { InstallReport } from '../install/install-report';

/** The wanted content for the current one (undefined: the file does not exist); undefined removes the file. */
export type FileTransform = (current: string | undefined) => string | undefined;

export function editFile(path: string, transform: FileTransform, report: InstallReport, note: string): void {
  const target = existsSync(path) ? realpathSync(path) : path;
  const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  const wanted = transform(current);
  if (wanted === current) {
    if (current !== undefined) report.record(path, 'unchanged', note);
    return;
  }
  if (wanted === undefined) {
    rmSync(target, { force: true });
    report.record(path, 'removed', note);
    return;
  }
  const mode = current === undefined ? undefined : statSync(target).mode & 0o777;
  writeFileAtomic(target, wanted, mode === undefined ? {} : { mode });
  report.record(path, current === undefined ? 'created' : 'updated', note);
}

/** Removes a file left by an older ssg, only when `isOurs` recognises its content; anything else is kept. */
export function retireFile(path: string, isOurs: (content: string) => boolean, report: InstallReport): void {
  if (!existsSync(path) || !statSync(path).isFile()) return;
  if (isOurs(readFileSync(path, 'utf8'))) {
    rmSync(path);
    report.record(path, 'removed', 'legacy artifact of an older ssg');
  } else {
    report.record(path, 'kept', 'not written by ssg');
  }
}
