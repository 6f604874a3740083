#!/usr/bin/env node
// Run by Claude Code inside a terminal pane, as the pane's status line command and as its hook command (both given
// to that one `claude` with --settings): what Claude Code pipes in is dropped, whole, as one file into the pane's
// inbox, which the pty host reads. A file per report (written aside, then renamed) means concurrent reports never
// interleave and the host never reads half of one. Plain CommonJS with no dependencies: it starts in a few tens of
// milliseconds and runs under Node or Electron (ELECTRON_RUN_AS_NODE=1).
//
//   claude-reporter.cjs status-line <inbox> <account name> [<user's status line command>]
//                                             prints the user's own status line when they have one (run with the
//                                             same input), else the account's name and 5-hour usage
//   claude-reporter.cjs hook <inbox>          prints nothing (a hook's output would reach the agent)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const MAX_BYTES = 1024 * 1024;
const [kind, inbox, accountName, userStatusLine] = process.argv.slice(2);

function readStdin() {
  const chunks = [];
  let size = 0;
  let fd = 0;
  const buffer = Buffer.alloc(65536);
  for (;;) {
    let read;
    try {
      read = fs.readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === 'EAGAIN') continue;
      if (error.code === 'EOF') break;
      throw error;
    }
    if (read === 0) break;
    size += read;
    if (size > MAX_BYTES) return undefined;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function drop(text) {
  const name = `${Date.now()}-${process.pid}-${kind}`;
  const temp = path.join(inbox, `.${name}.tmp`);
  fs.writeFileSync(temp, text, { mode: 0o600 });
  fs.renameSync(temp, path.join(inbox, `${name}.json`));
}

function statusLine(text) {
  if (userStatusLine) {
    try {
      const own = require('node:child_process').execSync(userStatusLine, { input: text, timeout: 5000 });
      process.stdout.write(own);
      return;
    } catch {
      // Their command failed: show ssg's line rather than nothing.
    }
  }
  let percent = '';
  try {
    const used = JSON.parse(text)?.rate_limits?.five_hour?.used_percentage;
    if (typeof used === 'number' && Number.isFinite(used)) percent = ` · 5h ${Math.round(used)}%`;
  } catch {
    // The host gets the file either way; the line just shows less.
  }
  process.stdout.write(`ssg · ${accountName || 'account'}${percent}\n`);
}

try {
  if ((kind !== 'status-line' && kind !== 'hook') || !inbox) process.exit(0);
  const text = readStdin();
  if (text !== undefined) drop(text);
  if (kind === 'status-line') statusLine(text ?? '');
} catch {
  // Never take the agent down: a report that cannot be dropped is a report lost, nothing more.
}
process.exit(0);
