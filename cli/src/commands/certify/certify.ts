// `ssg certify --dir=<dir>`: replays certification scenarios through the exact path of `ssg hook eval`
// (hook/evaluate-payload.ts) and compares each step's decision, and rule id when given, with the expected one.
// No session, no circuit breaker: every step is evaluated on its own, so no step affects the next.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { inputError, usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { renderTable } from '../../cli/table';
import type { EvalResult } from '@ssg/engine';
import { ssgHome } from '@ssg/node/home';
import { evaluateHookPayload } from '@ssg/hosts/hook/evaluate-payload';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { loadRules } from '@ssg/node/rules/load';
import { parseScenarioFile, type Scenario, type ScenarioStep } from './scenario-file';

const help = `Usage: ssg certify --dir <dir> [--rules <path>]... [--json]

Replays certification scenarios: every *.jsonl file in <dir> (sorted by name). Each step goes through the
same path as \`ssg hook eval\` ({tool_name, tool_input} → claude-code adapter → evaluation), on its own (no
session, no circuit breaker), and must produce the expected decision (and rule id, when the step names one).

Scenario file (JSONL):
  {"kind":"meta","name":"…","description":"…","claude_code_version":"2.1.0","tags":["…"]}
  {"kind":"step","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"expected_decision":"block",
   "expected_rule_id":"no-rm-root","description":"…"}
  expected_decision: allow|block|log|shadow|ask|force; expected_rule_id: optional (null = no rule may match)

Options:
  --dir <dir>      folder of *.jsonl scenario files (also --dir=<dir>)
  --rules <path>   rule file or folder; repeatable; replaces the default rules
                   (the project's .ssg/rules/, then ~/.ssg/rules/)
  --json           print one JSON document instead of the table
  -h, --help       show this help

Output: a table (scenario, step, tool, expected, got, ✓/✗), the failures in detail, then
  certify: 12 passed, 0 failed

Exit codes: 0 all steps passed, 1 a step failed, 2 usage error, 3 malformed scenario files (each problem is
reported as file:line), 4 rule files unusable.

Example:
  ssg certify --dir resources/scenarios/default --rules resources/rules/default.rules
`;

interface StepOutcome {
  scenario: Scenario;
  step: ScenarioStep;
  index: number;
  result: EvalResult;
  passed: boolean;
}

export const certifyCommand: Command = {
  name: 'certify',
  summary: 'replay certification scenarios through the hook path',
  help,
  run(argv) {
    const { values } = parseCommandArgs('certify', argv, {
      dir: { type: 'string' },
      rules: { type: 'string', multiple: true },
      json: { type: 'boolean' },
    });
    if (values.dir === undefined)
      throw usageError('--dir is required', 'name the folder of *.jsonl scenarios: ssg certify --dir <dir>');
    const scenarios = readScenarios(resolve(values.dir));
    const loaded = loadRules({ cwd: process.cwd(), home: ssgHome(), explicit: values.rules ?? [] });
    for (const diagnostic of loaded.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);

    const outcomes: StepOutcome[] = scenarios.flatMap((scenario) =>
      scenario.steps.map((step, index) => {
        const payload = JSON.stringify({
          hook_event_name: 'PreToolUse',
          tool_name: step.toolName,
          tool_input: step.toolInput,
        });
        const { result } = evaluateHookPayload(payload, () => loaded.ruleset);
        return { scenario, step, index, result, passed: stepPassed(step, result) };
      }),
    );
    const failed = outcomes.filter((outcome) => !outcome.passed);
    process.stdout.write(
      values.json ? `${JSON.stringify(toJson(scenarios, outcomes), null, 2)}\n` : renderText(outcomes, failed),
    );
    return failed.length > 0 ? ExitCode.failures : ExitCode.ok;
  },
};

function readScenarios(dir: string): Scenario[] {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory())
    throw usageError(`--dir ${dir} is not a folder`, 'pass the folder that holds the *.jsonl scenarios');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name));
  if (files.length === 0)
    throw inputError(`no *.jsonl scenario files in ${dir}`, 'point --dir at a folder of scenario files');
  const scenarios: Scenario[] = [];
  const errors: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      errors.push(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      continue;
    }
    const parsed = parseScenarioFile(file, text);
    if (parsed.scenario) scenarios.push(parsed.scenario);
    else errors.push(...parsed.errors);
  }
  if (errors.length > 0) {
    process.stderr.write(`${errors.join('\n')}\n`);
    throw inputError(
      `${errors.length} problem${errors.length === 1 ? '' : 's'} in the scenario files (listed above)`,
      'fix the lines named above',
    );
  }
  return scenarios;
}

function stepPassed(step: ScenarioStep, result: EvalResult): boolean {
  if (result.decision !== step.expectedDecision) return false;
  if (step.expectedRuleId === undefined) return true;
  return (result.ruleId ?? null) === step.expectedRuleId;
}

const expectedText = (step: ScenarioStep): string =>
  step.expectedRuleId ? `${step.expectedDecision} (${step.expectedRuleId})` : step.expectedDecision;
const gotText = (result: EvalResult): string =>
  result.ruleId ? `${result.decision} (${result.ruleId})` : result.decision;

function renderText(outcomes: StepOutcome[], failed: StepOutcome[]): string {
  const table = renderTable(
    ['scenario', 'step', 'tool', 'expected', 'got', ''],
    outcomes.map(({ scenario, step, index, result, passed }) => [
      scenario.meta.name,
      String(index + 1),
      step.toolName,
      expectedText(step),
      gotText(result),
      passed ? '✓' : '✗',
    ]),
  );
  const details = failed.map(({ scenario, step, index, result }) => {
    const what = step.description ?? JSON.stringify(step.toolInput);
    const why = result.message ? `: ${result.message}` : '';
    return `✗ ${scenario.meta.name} step ${index + 1} (${scenario.file}:${step.line}) ${what} — expected ${expectedText(step)}, got ${gotText(result)}${why}`;
  });
  const passed = outcomes.length - failed.length;
  return [
    table,
    '',
    ...details,
    ...(details.length > 0 ? [''] : []),
    `certify: ${passed} passed, ${failed.length} failed`,
    '',
  ].join('\n');
}

function toJson(scenarios: Scenario[], outcomes: StepOutcome[]): Record<string, unknown> {
  const failed = outcomes.filter((outcome) => !outcome.passed).length;
  return {
    passed: outcomes.length - failed,
    failed,
    scenarios: scenarios.map((scenario) => ({
      file: scenario.file,
      name: scenario.meta.name,
      steps: outcomes
        .filter((outcome) => outcome.scenario === scenario)
        .map(({ step, index, result, passed }) => ({
          step: index + 1,
          line: step.line,
          tool: step.toolName,
          description: step.description ?? null,
          expected: { decision: step.expectedDecision, rule_id: step.expectedRuleId ?? null },
          got: { decision: result.decision, rule_id: result.ruleId ?? null, reason: result.message ?? null },
          passed,
        })),
    })),
  };
}
