// Reads a certification scenario file (design/rules-dsl.md, "Certification scenarios"): JSONL whose first line
// is `{"kind":"meta","name","description","claude_code_version","tags":[…]}` and whose other lines are steps
// `{"kind":"step","tool_name","tool_input":{…},"expected_decision","expected_rule_id"?,"description"?}`.
// Every problem is reported as `file:line: what is wrong`; blank lines are skipped; unknown keys are allowed.
import { describeJsonType, isPlainObject } from '@ssg/hosts/adapter/invalid-tool-call';
import { DECISIONS, type Decision } from '@ssg/engine';

export interface ScenarioMeta {
  name: string;
  description: string;
  claudeCodeVersion: string;
  tags: string[];
}

export interface ScenarioStep {
  /** 1-based line in the file. */
  line: number;
  toolName: string;
  toolInput: Record<string, unknown>;
  expectedDecision: Decision;
  /** A rule id to match; null: no rule may match; undefined: not checked. */
  expectedRuleId?: string | null;
  description?: string;
}

export interface Scenario {
  file: string;
  meta: ScenarioMeta;
  steps: ScenarioStep[];
}

export type ScenarioParse = { scenario: Scenario; errors: [] } | { scenario?: undefined; errors: string[] };

export function parseScenarioFile(file: string, text: string): ScenarioParse {
  const errors: string[] = [];
  let meta: ScenarioMeta | undefined;
  const steps: ScenarioStep[] = [];
  const lines = text.split(/\r?\n/);
  let firstLineSeen = false;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.trim() === '') continue;
    const line = index + 1;
    const isFirstLine = !firstLineSeen;
    firstLineSeen = true;
    const fail = (message: string): void => {
      errors.push(`${file}:${line}: ${message}`);
    };
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      fail(`not valid JSON (${(error as Error).message})`);
      continue;
    }
    if (!isPlainObject(value)) {
      fail(`expected a JSON object, got ${describeJsonType(value)}`);
      continue;
    }
    if (isFirstLine) {
      if (value.kind === 'meta') meta = parseMeta(value, fail);
      else
        fail(
          `the first line must be the meta line {"kind":"meta",…}, got kind ${JSON.stringify(value.kind) ?? 'nothing'}`,
        );
      continue;
    }
    if (value.kind === 'meta') {
      fail('a second meta line; only the first line may be {"kind":"meta",…}');
      continue;
    }
    const step = parseStep(value, line, fail);
    if (step) steps.push(step);
  }
  if (!firstLineSeen) errors.push(`${file}:1: the file is empty; it needs a meta line and steps`);
  else if (steps.length === 0 && errors.length === 0) errors.push(`${file}: has no steps`);
  if (errors.length > 0 || meta === undefined) return { errors };
  return { scenario: { file, meta, steps }, errors: [] };
}

function parseMeta(value: Record<string, unknown>, fail: (message: string) => void): ScenarioMeta {
  for (const key of ['name', 'description', 'claude_code_version']) {
    if (typeof value[key] !== 'string') fail(`meta "${key}" must be a string, got ${describeJsonType(value[key])}`);
  }
  const tags = value.tags;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
    fail(`meta "tags" must be an array of strings, got ${describeJsonType(tags)}`);
  }
  return {
    name: String(value.name),
    description: String(value.description),
    claudeCodeVersion: String(value.claude_code_version),
    tags: Array.isArray(tags) ? tags.map(String) : [],
  };
}

function parseStep(
  value: Record<string, unknown>,
  line: number,
  fail: (message: string) => void,
): ScenarioStep | undefined {
  const problems: string[] = [];
  if (value.kind !== 'step') problems.push(`"kind" must be "step", got ${JSON.stringify(value.kind) ?? 'nothing'}`);
  const { tool_name: toolName, tool_input: toolInput, expected_decision: expected } = value;
  if (typeof toolName !== 'string' || toolName === '') {
    problems.push(`"tool_name" must be a non-empty string, got ${describeJsonType(toolName)}`);
  }
  if (!isPlainObject(toolInput))
    problems.push(`"tool_input" must be a JSON object, got ${describeJsonType(toolInput)}`);
  if (!DECISIONS.includes(expected as Decision)) {
    problems.push(
      `"expected_decision" must be one of ${DECISIONS.join('|')}, got ${JSON.stringify(expected) ?? 'nothing'}`,
    );
  }
  const ruleId = value.expected_rule_id;
  if (ruleId !== undefined && ruleId !== null && typeof ruleId !== 'string') {
    problems.push(`"expected_rule_id" must be a string or null, got ${describeJsonType(ruleId)}`);
  }
  const description = value.description;
  if (description !== undefined && typeof description !== 'string') {
    problems.push(`"description" must be a string, got ${describeJsonType(description)}`);
  }
  if (problems.length > 0) {
    for (const problem of problems) fail(problem);
    return undefined;
  }
  const step: ScenarioStep = {
    line,
    toolName: toolName as string,
    toolInput: toolInput as Record<string, unknown>,
    expectedDecision: expected as Decision,
  };
  if (ruleId !== undefined) step.expectedRuleId = ruleId as string | null;
  if (description !== undefined) step.description = description as string;
  return step;
}
