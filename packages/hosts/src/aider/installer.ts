// Aider: governed through the shell-level hooks in <SSG_HOME>/hooks (its commands run through the bash wrapper,
// its Python through sitecustomize), plus `ssg check .` as a lint command in the project's .aider.conf.yml —
// written whole when there is none, else merged into the user's file through the yaml Document API, which keeps
// their keys, order and comments. Aider has no hook of its own, so the run environment is a manual step.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editFile } from '../config-edit/edit-file';
import { installSharedHooks, keepSharedHooks, sharedHookProblems } from '../install/hook-templates';

export const AIDER_CONFIG = `# Written by ssg init --client=aider: lint every edit against the project's ssg rules.
lint-cmd:
  - ssg check .
auto-lint: true
`;

const LINT_COMMAND = 'ssg check .';

const aiderConfig = (target: InstallTarget): string => join(target.projectDir, '.aider.conf.yml');

/** The user's file as a YAML document; a ConfigFileError when it is not YAML or not a mapping. */
function aiderDocument(path: string, text: string): Document {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) {
    throw new ConfigFileError(
      path,
      `not valid YAML (${error.message.split('\n')[0]}); fix or move the file, then retry`,
    );
  }
  if (document.contents !== null && !isMap(document.contents)) {
    throw new ConfigFileError(path, 'expected a YAML mapping at the top level');
  }
  return document;
}

/** The user's .aider.conf.yml with `ssg check .` among its lint commands and auto-lint set when it was not. */
function withLintCommand(path: string, text: string): string {
  const document = aiderDocument(path, text);
  const lint = document.get('lint-cmd', true);
  const before = document.toString();
  if (lint === undefined || lint === null) document.set('lint-cmd', document.createNode([LINT_COMMAND]));
  else if (isSeq(lint)) {
    if (!lint.items.some((item) => isScalar(item) && item.value === LINT_COMMAND)) lint.add(LINT_COMMAND);
  } else if (isScalar(lint)) {
    if (lint.value !== LINT_COMMAND) document.set('lint-cmd', document.createNode([lint.value, LINT_COMMAND]));
  } else throw new ConfigFileError(path, '"lint-cmd" is neither a command nor a list of commands');
  if (!document.has('auto-lint')) document.set('auto-lint', true);
  // Unchanged, the user's bytes stay exactly as they were (the document would re-render them).
  const after = document.toString();
  return after === before ? text : after;
}

/** The user's .aider.conf.yml without our lint command (auto-lint stays: it may well be theirs). */
function withoutLintCommand(path: string, text: string): string {
  const document = aiderDocument(path, text);
  const lint = document.get('lint-cmd', true);
  if (isScalar(lint) && lint.value === LINT_COMMAND) document.delete('lint-cmd');
  else if (isSeq(lint)) {
    const index = lint.items.findIndex((item) => isScalar(item) && item.value === LINT_COMMAND);
    if (index < 0) return text;
    lint.delete(index);
    if (lint.items.length === 0) document.delete('lint-cmd');
  } else return text;
  return document.toString();
}

export const aiderInstaller: AdapterInstaller = {
  install(target, report) {
    const environment = installSharedHooks('aider', report);
    const config = aiderConfig(target);
    editFile(
      config,
      (current) => (current === undefined ? AIDER_CONFIG : withLintCommand(config, current)),
      report,
      'lint-cmd `ssg check .`, auto-lint',
    );
    report.addManualStep(`Start aider with this environment: ${environment.join(' ')}`);
  },
  uninstall(target, report) {
    keepSharedHooks(report);
    const config = aiderConfig(target);
    if (!existsSync(config)) return;
    // The file exactly as init wrote it is ours to remove; from any other, only our lint command goes.
    if (readFileSync(config, 'utf8') === AIDER_CONFIG) editFile(config, () => undefined, report, 'ssg lint settings');
    else editFile(config, (current) => withoutLintCommand(config, current ?? ''), report, 'lint-cmd `ssg check .`');
  },
  problems: sharedHookProblems,
};
