// `ssg check [path]...`: lints every `*.rules` file under the paths, then checks the project's files as if an
// agent were writing them. Output is one finding per line, `path:line[:col]: …`, so editors and aider's
// `lint-cmd` can read it; exit 1 when there is an error or a blocked file.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { compileRules, type Diagnostic, type ParsedFile } from '@ssg/engine/node';
import { ssgHome } from '@ssg/node/home';
import { isAcceptedProjectFile } from '@ssg/node/rules/accepted-project-rules';
import { displayPath, formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { parseRuleFile } from '@ssg/node/rules/load';
import { projectRulesState, type ProjectRulesState } from '@ssg/node/rules/project-trust';
import { ruleFiles } from '@ssg/node/rules/sources';
import { lintRuleFiles } from '@ssg/engine/node';
import { walkProject } from './walk';
import { WriteChecker, type WriteFinding } from './write-check';

/** Larger files are skipped: generated or data files, and reading them would make check slow. */
export const MAX_CHECKED_FILE_BYTES = 1024 * 1024;
const BINARY_SNIFF_BYTES = 8000;

const help = `Usage: ssg check [path]... [--rules <path>]... [--json] [--verbose]

Checks a project against its rules (default path: .):
  1. every *.rules file under the paths: parse errors, lint findings, regexes that do not compile;
  2. every other file, as if an agent were writing it (a Write call with the file's path and content),
     against the rules that apply to the project: files that would be blocked or asked about.

Skipped: node_modules, .git, dist, build, hidden folders (except .ssg), what the top .gitignore ignores,
symbolic links, binary files and files over 1 MiB (listed with --verbose). Files in .ssg/ and *.rules files
are linted only.

Output, one finding per line:
  path:line:col: error|warning: message [code]     (rule files)
  path:line: block|force|ask: rule-id: message     (project files)
  check: 3 rule files, 120 files checked — 0 errors, 1 warning, 1 blocked, 0 asked

Options:
  --rules <path>   rules to check files against; repeatable; replaces the default rules
                   (the project's .ssg/rules/, then ~/.ssg/rules/)
  --json           print one JSON document instead
  --verbose        also list skipped files
  -h, --help       show this help

Exit codes: 0 clean (warnings and asks allowed), 1 an error or a blocked file, 2 usage error (e.g. a path
that does not exist), 4 rule files unusable.

Examples:
  ssg check
  ssg check src --rules resources/rules/default.rules --json
  aider --lint-cmd "ssg check ."
`;

interface Finding {
  file: string;
  line: number;
  decision: string;
  ruleId: string | undefined;
  message: string | undefined;
  substitute: string | undefined;
}

interface Skipped {
  file: string;
  reason: string;
}

interface CheckReport {
  /** Whether the project's own rules apply (`ssg trust`); rule files of a project no one accepted do not. */
  projectRules: ProjectRulesState;
  diagnostics: Diagnostic[];
  findings: Finding[];
  skipped: Skipped[];
  summary: {
    rule_files: number;
    files_checked: number;
    errors: number;
    warnings: number;
    blocked: number;
    asked: number;
  };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'lint rule files and check project files against the rules',
  help,
  run(argv) {
    const { values, positionals } = parseCommandArgs(
      'check',
      argv,
      { rules: { type: 'string', multiple: true }, json: { type: 'boolean' }, verbose: { type: 'boolean' } },
      Number.POSITIVE_INFINITY,
    );
    const paths = positionals.length > 0 ? positionals : ['.'];
    for (const path of paths) {
      if (!statSync(path, { throwIfNoEntry: false })) {
        throw usageError(`path ${path} does not exist`, 'pass a folder or file of the project');
      }
    }
    const report = checkProject(paths, values.rules ?? []);
    const cwd = process.cwd();
    process.stdout.write(values.json ? renderJson(report, cwd) : renderText(report, cwd, values.verbose ?? false));
    const { errors, blocked } = report.summary;
    return errors > 0 || blocked > 0 ? ExitCode.failures : ExitCode.ok;
  },
};

function checkProject(paths: string[], rulesArgs: string[]): CheckReport {
  const walked = walkProject(paths);
  // The rules that apply are looked up from the first path, as the hook would for a call made there.
  const first = resolve(paths[0]!);
  const projectDir = statSync(first).isDirectory() ? first : dirname(first);
  const home = ssgHome();
  const applied = ruleFiles({ cwd: projectDir, home, explicit: rulesArgs });

  // Parse each rule file once, whether it is linted (found under the paths), applied, or both. The accepted copy
  // of the project's rules is applied, not linted: its live folder is what the person edits, and lints.
  const parsedByPath = new Map<string, ParsedFile>();
  for (const path of [...walked.ruleFiles, ...applied]) {
    if (!parsedByPath.has(path)) parsedByPath.set(path, parseRuleFile(path, isAcceptedProjectFile(home, path)));
  }
  const linted = [...parsedByPath.values()].filter((file) => !file.project);
  const diagnostics = lintRuleFiles(linted);

  const appliedParsed = applied.map((path) => parsedByPath.get(path)!);
  const checker = new WriteChecker(compileRules(appliedParsed), appliedParsed);
  const findings: Finding[] = [];
  const skipped: Skipped[] = [];
  let checkedFiles = 0;
  for (const file of walked.files) {
    if (file.size > MAX_CHECKED_FILE_BYTES) {
      skipped.push({ file: file.path, reason: 'larger than 1 MiB' });
      continue;
    }
    const content = readTextFile(file.path);
    if (typeof content !== 'string') {
      skipped.push({ file: file.path, reason: content.skipped });
      continue;
    }
    checkedFiles++;
    const finding = checker.check(file.path, content);
    if (finding) findings.push(toFinding(file.path, finding));
  }

  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const blocked = findings.filter((f) => f.decision !== 'ask').length;
  const summary = {
    rule_files: linted.length,
    files_checked: checkedFiles,
    errors,
    warnings: diagnostics.length - errors,
    blocked,
    asked: findings.length - blocked,
  };
  return { projectRules: projectRulesState(projectDir, home), diagnostics, findings, skipped, summary };
}

function renderText(
  { projectRules, diagnostics, findings, skipped, summary }: CheckReport,
  cwd: string,
  verbose: boolean,
): string {
  const instead = (f: Finding): string => (f.substitute ? ` (instead: ${f.substitute})` : '');
  const lines = [
    ...trustNote(projectRules, cwd),
    ...diagnostics.map((d) => formatDiagnostic(d, cwd)),
    ...findings.map(
      (f) =>
        `${displayPath(f.file, cwd)}:${f.line}: ${f.decision}: ${f.ruleId ?? 'unnamed'}: ${f.message ?? ''}${instead(f)}`,
    ),
    ...(verbose ? skipped.map((s) => `${displayPath(s.file, cwd)}: skipped: ${s.reason}`) : []),
    `check: ${plural(summary.rule_files, 'rule file')}, ${plural(summary.files_checked, 'file')} checked — ` +
      `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ` +
      `${summary.blocked} blocked, ${summary.asked} asked`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A line when the project's rule files are not (or no longer) what applies. */
function trustNote(state: ProjectRulesState, cwd: string): string[] {
  if (state.state === 'untrusted') {
    return [`${displayPath(state.folder, cwd)}: note: not accepted, so these rules do not apply: run \`ssg trust\``];
  }
  if (state.state === 'changed') {
    return [
      `${displayPath(state.folder, cwd)}: note: changed since accepted; the accepted version applies: run \`ssg trust\``,
    ];
  }
  return [];
}

function renderJson({ projectRules, diagnostics, findings, skipped, summary }: CheckReport, cwd: string): string {
  const json = {
    ok: summary.errors === 0 && summary.blocked === 0,
    project_rules:
      projectRules.state === 'none'
        ? { state: 'none' }
        : { state: projectRules.state, folder: displayPath(projectRules.folder, cwd) },
    diagnostics: diagnostics.map((d) => ({
      file: displayPath(d.file, cwd),
      line: d.line,
      column: d.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
      rule_id: d.ruleId ?? null,
    })),
    findings: findings.map((f) => ({
      file: displayPath(f.file, cwd),
      line: f.line,
      decision: f.decision,
      rule_id: f.ruleId ?? null,
      message: f.message ?? null,
      ...(f.substitute !== undefined ? { substitute: f.substitute } : {}),
    })),
    skipped: skipped.map((s) => ({ file: displayPath(s.file, cwd), reason: s.reason })),
    summary,
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function toFinding(file: string, { result, line }: WriteFinding): Finding {
  return {
    file,
    line,
    decision: result.decision,
    ruleId: result.ruleId,
    message: result.decision === 'ask' ? (result.prompt ?? result.message) : result.message,
    substitute: result.substitute,
  };
}

/** The file as text, or why it is skipped: binary (a NUL byte near the start, as git decides) or unreadable. */
function readTextFile(path: string): string | { skipped: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { skipped: `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { skipped: 'binary' };
  return bytes.toString('utf8');
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
