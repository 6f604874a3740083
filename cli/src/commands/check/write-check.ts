// Checks a project file as if an agent were writing it: a `Write` call with the file's path and content,
// evaluated against the rules. For a denial or a question it also finds the line to point at.
import {
  type CompiledRuleSet,
  compileRules,
  type EvalResult,
  evaluate,
  type ParsedFile,
  type ToolCall,
} from '@ssg/engine/node';

export interface WriteFinding {
  result: EvalResult;
  /** First line that triggers the rule on its own; 1 when none does (the rule matched the path or the whole text). */
  line: number;
}

export class WriteChecker {
  private readonly singleRuleSets = new Map<string, CompiledRuleSet>();

  constructor(
    private readonly ruleset: CompiledRuleSet,
    private readonly parsed: readonly ParsedFile[],
  ) {}

  /** The finding for a file an agent would be blocked from (block, force) or asked about (ask) writing. */
  check(path: string, content: string): WriteFinding | undefined {
    const result = evaluate(this.ruleset, writeCall(path, content), { explain: false });
    if (result.decision !== 'block' && result.decision !== 'force' && result.decision !== 'ask') return undefined;
    return { result, line: result.ruleId === undefined ? 1 : this.firstTriggeringLine(result, path, content) };
  }

  private firstTriggeringLine(result: EvalResult, path: string, content: string): number {
    const rules = this.ruleSetOf(result.ruleId!);
    if (!rules) return 1;
    const lines = content.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (evaluate(rules, writeCall(path, lines[i]!), { explain: false }).ruleId !== undefined) return i + 1;
    }
    return 1;
  }

  /** The deciding rule alone, compiled once, so a line can be tested against exactly that rule. */
  private ruleSetOf(ruleId: string): CompiledRuleSet | undefined {
    const cached = this.singleRuleSets.get(ruleId);
    if (cached) return cached;
    for (const file of this.parsed) {
      const rule = file.rules.find((candidate) => candidate.id === ruleId && candidate.enabled);
      if (!rule) continue;
      const single = compileRules([{ file: file.file, rules: [rule], diagnostics: [] }]);
      this.singleRuleSets.set(ruleId, single);
      return single;
    }
    return undefined;
  }
}

function writeCall(path: string, content: string): ToolCall {
  return { tool: 'Write', capability: 'write', client: 'ssg-check', input: { file_path: path, content } };
}
