// Reads a `.rules` file (design/rules-dsl.md) into rule syntax trees. Lenient where the published corpus is
// loose — keywords in any case, clauses in any order, `execute` for `execution`, `MATCHES` for `REGEX` — and
// never throws: a malformed rule becomes an error diagnostic (file, line, column) and is skipped up to its
// closing brace, so one bad rule never stops the others from loading. Recoverable oddities are warnings:
// an unknown clause (ignored), a duplicate clause (the last one wins), a missing decision (LOG any).
import { operatorNamed, parseConditions, unterminated } from './expression';
import { decodeString, type Position, type Token, tokenize } from './lexer';
import { describeToken, RuleSyntaxError } from './syntax-error';
import type { Decision, Diagnostic, ExprNode, ParsedFile, RuleNode, Severity, Target } from './types';

const DECISION_KEYWORDS: Record<string, Decision> = {
  ALLOW: 'allow',
  DENY: 'block',
  LOG: 'log',
  SHADOW: 'shadow',
  ASK: 'ask',
  FORCE: 'force',
};

const TARGET_KEYWORDS: Record<string, Target> = {
  execution: 'execute',
  execute: 'execute',
  read: 'read',
  write: 'write',
  search: 'search',
  agent: 'agent',
  network: 'network',
  any: 'any',
};

const SEVERITIES: Record<string, Severity> = { error: 'error', warning: 'warning', warn: 'warning', info: 'info' };

/**
 * After this many errors (or warnings) in one file the rest are summarised in one line, so 1 MB of junk
 * stays readable; counted apart so that a flood of warnings cannot hide an error.
 */
const MAX_DIAGNOSTICS_PER_SEVERITY = 100;

const STRAY_QUOTE = 'this `"` is read as part of the string around it; write `\\"` to say so';

const META_LINE = /^\s*([A-Za-z][\w.-]*)\s*:\s*(.*?)\s*$/;

export function parseRules(text: string, file: string): ParsedFile {
  try {
    return new RuleFileParser(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file).parse();
  } catch (error) {
    // Unreachable by design; if it ever happens, an unusable file must still not take the caller down.
    const detail = error instanceof Error ? error.message : String(error);
    return {
      file,
      rules: [],
      diagnostics: [
        { severity: 'error', code: 'parse', message: `could not read the file: ${detail}`, file, line: 1, column: 1 },
      ],
    };
  }
}

class RuleFileParser {
  private readonly tokens: Token[];
  private readonly commentLines: Map<number, string>;
  private pos = 0;
  private readonly rules: RuleNode[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly listed = { error: 0, warning: 0 };
  private readonly dropped = { error: 0, warning: 0 };

  constructor(
    readonly text: string,
    private readonly file: string,
  ) {
    const lexed = tokenize(text);
    this.tokens = lexed.tokens;
    this.commentLines = lexed.commentLines;
    for (const at of lexed.strayQuotes) {
      this.report('warning', 'stray-quote', STRAY_QUOTE, at);
    }
  }

  parse(): ParsedFile {
    while (this.peek().kind !== 'end') {
      const token = this.peek();
      if (token.kind === 'newline') this.pos++;
      else if (isWord(token, 'rule')) this.parseRule();
      else this.skipJunk(token);
    }
    for (const severity of ['error', 'warning'] as const) {
      if (this.dropped[severity] === 0) continue;
      const end = this.peek();
      this.diagnostics.push({
        severity,
        code: 'too-many-problems',
        message: `${this.dropped[severity]} more ${severity}s in this file are not listed`,
        file: this.file,
        line: end.line,
        column: end.column,
      });
    }
    return { file: this.file, rules: this.rules, diagnostics: this.diagnostics };
  }

  /** Text outside any rule: one error, then on to the next line that starts with `rule`. */
  private skipJunk(token: Token): void {
    this.report('error', 'parse', `expected \`rule <id> {\`, found ${describeToken(token)}`, token);
    this.pos++;
    while (this.peek().kind !== 'end' && !(isWord(this.peek(), 'rule') && this.peek().lineStart)) this.pos++;
  }

  private parseRule(): void {
    const ruleToken = this.next();
    let id: string | undefined;
    let opened = false;
    try {
      const idToken = this.peek();
      if (idToken.kind !== 'word') {
        throw new RuleSyntaxError(`expected a rule id after \`rule\`, found ${describeToken(idToken)}`, idToken);
      }
      id = idToken.text;
      this.pos++;
      this.skipNewlines();
      const brace = this.peek();
      if (brace.kind !== '{') {
        throw new RuleSyntaxError(
          `expected \`{\` after \`rule ${idToken.text}\`, found ${describeToken(brace)}`,
          brace,
        );
      }
      this.pos++;
      opened = true;
      const rule = new RuleBody(idToken.text, this.file, ruleToken, this.metadataAbove(ruleToken), this);
      const built = rule.parse();
      if (built) this.rules.push(built);
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      this.report('error', 'parse', error.message, error.at, id);
      this.skipRestOfRule(opened ? 1 : 0);
    }
  }

  /** Skips to the brace closing the rule (or to the next line that starts with `rule`, or the end). */
  private skipRestOfRule(depth: number): void {
    for (let token = this.peek(); token.kind !== 'end'; token = this.peek()) {
      if (isWord(token, 'rule') && token.lineStart) return;
      this.pos++;
      if (token.kind === '{') depth++;
      else if (token.kind === '}' && --depth <= 0) return;
    }
  }

  /** `# key: value` comment lines directly above the rule's first line (the comment block they are in). */
  private metadataAbove(ruleToken: Token): Record<string, string> {
    const meta: Record<string, string> = {};
    if (!ruleToken.lineStart) return meta;
    let first = ruleToken.line;
    while (this.commentLines.has(first - 1)) first--;
    for (let line = first; line < ruleToken.line; line++) {
      const match = META_LINE.exec(this.commentLines.get(line)!);
      if (match) meta[match[1]!.toLowerCase()] = match[2]!;
    }
    return meta;
  }

  report(severity: Diagnostic['severity'], code: string, message: string, at: Position, ruleId?: string): void {
    if (this.listed[severity] >= MAX_DIAGNOSTICS_PER_SEVERITY) {
      this.dropped[severity]++;
      return;
    }
    this.listed[severity]++;
    const diagnostic: Diagnostic = { severity, code, message, file: this.file, line: at.line, column: at.column };
    if (ruleId !== undefined) diagnostic.ruleId = ruleId;
    this.diagnostics.push(diagnostic);
  }

  /** The current token, or one `ahead` of it (the end token past the end). */
  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)]!;
  }

  next(): Token {
    const token = this.tokens[this.pos]!;
    if (token.kind !== 'end') this.pos++;
    return token;
  }

  skipNewlines(): void {
    while (this.peek().kind === 'newline') this.pos++;
  }
}

/** The clauses between a rule's braces. */
class RuleBody {
  private enabled = true;
  private priority = 50;
  private severity: Severity = 'warning';
  private decision: Decision = 'log';
  private target: Target = 'any';
  private message: string | undefined;
  private prompt: string | undefined;
  private substitute: string | undefined;
  /** The IF opener and every condition token after it, across lines; parsed when the rule is complete. */
  private conditions: { opener: Token; tokens: Token[] } | undefined;
  private readonly seen = new Set<string>();

  constructor(
    private readonly id: string,
    private readonly file: string,
    private readonly ruleToken: Token,
    private readonly meta: Record<string, string>,
    private readonly source: RuleFileParser,
  ) {}

  /** The rule, or undefined when its conditions do not parse (reported). Throws RuleSyntaxError for the rest. */
  parse(): RuleNode | undefined {
    const endLine = this.parseClauses();
    if (!this.seen.has('decision')) {
      this.warn(
        'missing-decision',
        `rule \`${this.id}\` has no decision line (such as \`DENY execution\`); it defaults to LOG any`,
        this.ruleToken,
      );
    }
    let groups: ExprNode[][] = [];
    if (this.conditions) {
      try {
        groups = parseConditions(this.conditions.tokens, this.conditions.opener);
      } catch (error) {
        if (!(error instanceof RuleSyntaxError)) throw error;
        this.source.report('error', 'parse', error.message, error.at, this.id);
        return undefined;
      }
    }
    const rule: RuleNode = {
      id: this.id,
      enabled: this.enabled,
      priority: this.priority,
      severity: this.severity,
      decision: this.decision,
      target: this.target,
      groups,
      meta: this.meta,
      pos: { file: this.file, line: this.ruleToken.line, column: this.ruleToken.column },
      endLine,
    };
    if (this.message !== undefined) rule.message = this.message;
    if (this.prompt !== undefined) rule.prompt = this.prompt;
    if (this.substitute !== undefined) rule.substitute = this.substitute;
    return rule;
  }

  /** Reads clauses up to the closing brace; returns the line the rule ends on. */
  private parseClauses(): number {
    const source = this.source;
    for (;;) {
      const token = source.peek();
      if (token.kind === 'newline') {
        source.next();
      } else if (token.kind === '}') {
        source.next();
        return token.line;
      } else if (token.kind === 'end' || (isWord(token, 'rule') && token.lineStart)) {
        // Keep the rule: its clauses are complete, only the brace is missing.
        source.report(
          'error',
          'parse',
          `rule \`${this.id}\` has no closing \`}\` before ${token.kind === 'end' ? 'the end of the file' : `the next rule (line ${token.line})`}`,
          this.ruleToken,
          this.id,
        );
        return token.kind === 'end' ? token.line : token.line - 1;
      } else {
        this.parseClause(token);
      }
    }
  }

  private parseClause(token: Token): void {
    const source = this.source;
    if (token.kind !== 'word') {
      const hint =
        token.kind === '('
          ? 'a condition line must start with IF, AND or OR'
          : 'a clause starts with a keyword such as IF or MESSAGE';
      throw new RuleSyntaxError(`unexpected ${describeToken(token)}: ${hint}`, token);
    }
    const keyword = token.text.toUpperCase();
    const decision = DECISION_KEYWORDS[keyword];
    if (decision) {
      source.next();
      this.once('decision', `decision line (${keyword})`, token);
      this.decision = decision;
      this.target = this.readTarget(keyword);
      this.endClause(keyword);
      return;
    }
    switch (keyword) {
      case 'ENABLED': {
        source.next();
        this.once('enabled', 'ENABLED', token);
        const value = this.readWord(keyword, 'true or false');
        const enabled = value.text.toLowerCase();
        if (enabled !== 'true' && enabled !== 'false') {
          throw new RuleSyntaxError(`expected true or false after ENABLED, found ${describeToken(value)}`, value);
        }
        this.enabled = enabled === 'true';
        this.endClause(keyword);
        return;
      }
      case 'PRIORITY': {
        source.next();
        this.once('priority', 'PRIORITY', token);
        const value = this.readWord(keyword, 'a whole number');
        const priority = /^[+-]?\d+$/.test(value.text) ? Number(value.text) : Number.NaN;
        if (!Number.isSafeInteger(priority)) {
          throw new RuleSyntaxError(`expected a whole number after PRIORITY, found ${describeToken(value)}`, value);
        }
        this.priority = priority;
        this.endClause(keyword);
        return;
      }
      case 'SEVERITY': {
        source.next();
        this.once('severity', 'SEVERITY', token);
        const value = this.readWord(keyword, 'error, warning or info');
        const severity = SEVERITIES[value.text.toLowerCase()];
        if (severity) this.severity = severity;
        else
          this.warn(
            'unknown-severity',
            `unknown severity ${describeToken(value)} (use error, warning or info); keeping ${this.severity}`,
            value,
          );
        this.endClause(keyword);
        return;
      }
      case 'MESSAGE':
      case 'PROMPT':
      case 'SUBSTITUTE': {
        source.next();
        this.once(keyword, keyword, token);
        const value = this.readProse(keyword);
        if (keyword === 'MESSAGE') this.message = value;
        else if (keyword === 'PROMPT') this.prompt = value;
        else this.substitute = value;
        this.endClause(keyword);
        return;
      }
      case 'IF':
        source.next();
        if (this.conditions) {
          this.warn(
            'duplicate-clause',
            'a second IF: its conditions replace those of the earlier IF (the last one wins)',
            token,
          );
        }
        this.conditions = { opener: token, tokens: [] };
        this.collectConditionLine();
        return;
      case 'AND':
      case 'OR':
        if (!this.conditions) {
          throw new RuleSyntaxError(`${keyword} before any IF: the condition list must start with IF`, token);
        }
        this.collectConditionLine();
        return;
      case 'NOT':
        throw new RuleSyntaxError('a condition line must start with IF, AND or OR', token);
      default:
        if (looksLikeCondition(source.peek(1))) {
          throw new RuleSyntaxError('a condition line must start with IF, AND or OR', token);
        }
        this.warn(
          'unknown-clause',
          `unknown clause ${describeToken(token)} is ignored (clauses: ENABLED, PRIORITY, SEVERITY, ALLOW/DENY/LOG/SHADOW/ASK/FORCE <target>, IF/AND/OR, MESSAGE, PROMPT, SUBSTITUTE)`,
          token,
        );
        while (!isClauseEnd(source.peek())) source.next();
    }
  }

  /** The condition tokens up to the end of the line, or of the last line when parentheses are still open. */
  private collectConditionLine(): void {
    const source = this.source;
    const tokens = this.conditions!.tokens;
    let depth = 0;
    for (let token = source.peek(); ; token = source.peek()) {
      if (token.kind === 'end' || token.kind === '}' || (isWord(token, 'rule') && token.lineStart)) return;
      if (token.kind === 'newline') {
        if (depth === 0) return;
        source.next();
        continue;
      }
      if (token.kind === '(') depth++;
      else if (token.kind === ')') depth--;
      tokens.push(source.next());
    }
  }

  private readTarget(keyword: string): Target {
    const token = this.source.peek();
    if (isClauseEnd(token)) {
      this.warn(
        'missing-target',
        `no target after ${keyword}: the rule applies to any call (write e.g. \`${keyword} execution\`)`,
        token,
      );
      return 'any';
    }
    const target = token.kind === 'word' ? TARGET_KEYWORDS[token.text.toLowerCase()] : undefined;
    if (!target) {
      throw new RuleSyntaxError(
        `unknown target ${describeToken(token)} after ${keyword} (use execution, read, write, search, agent, network or any)`,
        token,
      );
    }
    this.source.next();
    return target;
  }

  private readWord(keyword: string, expected: string): Token {
    const token = this.source.peek();
    if (token.kind !== 'word')
      throw new RuleSyntaxError(`expected ${expected} after ${keyword}, found ${describeToken(token)}`, token);
    return this.source.next();
  }

  private readString(keyword: string): string {
    const token = this.source.peek();
    if (token.kind !== 'string') {
      throw new RuleSyntaxError(`expected a quoted string after ${keyword}, found ${describeToken(token)}`, token);
    }
    if (token.unterminated) throw unterminated(token);
    return this.source.next().text;
  }

  /**
   * MESSAGE, PROMPT and SUBSTITUTE hold prose, where unescaped quotes are common (`MESSAGE "Use "npm ci"
   * here"`): when more follows the string on its line and the line ends with a quote (then blanks or a
   * comment), the value runs from the first quote to that last one.
   */
  private readProse(keyword: string): string {
    const source = this.source;
    const first = source.peek();
    const value = this.readString(keyword);
    if (isClauseEnd(source.peek())) return value;
    const text = source.text;
    const lineStop = text.indexOf('\n', first.end) < 0 ? text.length : text.indexOf('\n', first.end);
    const lastQuote = text.lastIndexOf('"', lineStop - 1);
    const after = text.slice(lastQuote + 1, lineStop).trim();
    if (lastQuote < first.end || (after !== '' && !after.startsWith('#'))) return value;
    while (!isClauseEnd(source.peek())) source.next();
    this.warn('stray-quote', STRAY_QUOTE, { line: first.line, column: first.column + (first.end - first.offset) - 1 });
    return decodeString(text.slice(first.offset + 1, lastQuote));
  }

  private endClause(keyword: string): void {
    const token = this.source.peek();
    if (isClauseEnd(token)) return;
    if (token.kind === 'string' && token.unterminated) throw unterminated(token);
    throw new RuleSyntaxError(
      `unexpected ${describeToken(token)} after the ${keyword} clause (one clause per line)`,
      token,
    );
  }

  /** Notes a clause; a repeated one is a warning and the later value wins. */
  private once(clause: string, name: string, token: Token): void {
    if (this.seen.has(clause)) this.warn('duplicate-clause', `a second ${name} in this rule: the last one wins`, token);
    this.seen.add(clause);
  }

  private warn(code: string, message: string, at: Position): void {
    this.source.report('warning', code, message, at, this.id);
  }
}

function isWord(token: Token, word: string): boolean {
  return token.kind === 'word' && token.text.toLowerCase() === word;
}

/** What follows the first word of a line that is a condition missing its IF/AND/OR: an operator or NOT. */
function looksLikeCondition(second: Token): boolean {
  return second.kind === 'word' && (second.text.toUpperCase() === 'NOT' || operatorNamed(second.text) !== undefined);
}

function isClauseEnd(token: Token): boolean {
  return token.kind === 'newline' || token.kind === '}' || token.kind === 'end';
}
