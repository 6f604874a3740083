// The condition list of a rule — its IF line and every AND/OR line — read as ONE boolean expression with the
// usual precedence (NOT binds tighter than AND, AND tighter than OR, parentheses explicit), line breaks
// ignored. That is exactly the DSL's documented disjunctive normal form: `IF a AND b OR c AND d` fires on
// (a ∧ b) ∨ (c ∧ d), and an AND line after an OR line joins only the last group (lint warns about it).
import type { Token } from './lexer';
import { OPERATORS } from './operators';
import { describeToken, RuleSyntaxError } from './syntax-error';
import type { ConditionNode, ExprNode, Operator } from './types';

/** `MATCHES` occurs in published rules and means REGEX. */
const OPERATOR_ALIASES: Record<string, Operator> = { MATCHES: 'REGEX' };
const KEYWORDS = new Set(['AND', 'OR', 'NOT']);
/** Parentheses and NOTs nest at most this deep: hostile input must not overflow the parser's stack. */
const MAX_NESTING = 100;

/**
 * Parses the condition tokens (everything after IF, with the AND/OR of later lines included) into the
 * groups of RuleNode: top-level OR operands, each the list of its AND operands. Throws RuleSyntaxError.
 */
export function parseConditions(tokens: readonly Token[], opener: Token): ExprNode[][] {
  const parser = new ConditionParser(tokens, opener);
  const expression = parser.parseAll();
  if (expression.kind === 'or') return expression.items.map((item) => (item.kind === 'and' ? item.items : [item]));
  return [expression.kind === 'and' ? expression.items : [expression]];
}

class ConditionParser {
  private pos = 0;
  private nesting = 0;
  /** Stands for whatever follows the last token: the end of its line. */
  private readonly end: Token;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly opener: Token,
  ) {
    const last = tokens[tokens.length - 1] ?? opener;
    const column = last.column + (last.end - last.offset);
    this.end = {
      ...last,
      kind: 'newline',
      text: '\n',
      column,
      offset: last.end,
      lineStart: false,
      unterminated: false,
    };
  }

  parseAll(): ExprNode {
    const expression = this.parseOr();
    const extra = this.peek();
    if (extra !== this.end) {
      const hint = extra.kind === ')' ? 'it closes no `(`' : 'conditions are joined with AND or OR';
      throw new RuleSyntaxError(`unexpected ${describeToken(extra)}: ${hint}`, extra);
    }
    return expression;
  }

  private parseOr(): ExprNode {
    const items = [this.parseAnd()];
    while (this.atKeyword('OR')) {
      this.pos++;
      items.push(this.parseAnd());
    }
    return items.length === 1
      ? items[0]!
      : { kind: 'or', items: items.flatMap((i) => (i.kind === 'or' ? i.items : i)) };
  }

  private parseAnd(): ExprNode {
    const items = [this.parseUnary()];
    while (this.atKeyword('AND')) {
      this.pos++;
      items.push(this.parseUnary());
    }
    return items.length === 1
      ? items[0]!
      : { kind: 'and', items: items.flatMap((i) => (i.kind === 'and' ? i.items : i)) };
  }

  private parseUnary(): ExprNode {
    const token = this.peek();
    if (!this.atKeyword('NOT') && token.kind !== '(') return this.parseCondition();
    if (++this.nesting > MAX_NESTING) {
      throw new RuleSyntaxError(`conditions nest deeper than ${MAX_NESTING} levels of parentheses and NOT`, token);
    }
    try {
      return this.parseNested(token);
    } finally {
      this.nesting--;
    }
  }

  /** `NOT <unary>` or `( <expression> )`. */
  private parseNested(token: Token): ExprNode {
    this.pos++;
    if (token.kind !== '(') return negate(this.parseUnary());
    const inner = this.parseOr();
    const close = this.peek();
    if (close.kind !== ')') {
      throw new RuleSyntaxError(
        `expected \`)\` to close the \`(\` at line ${token.line}, col ${token.column}, found ${describeToken(close)}`,
        close,
      );
    }
    this.pos++;
    return inner;
  }

  /** `<field> [NOT] <OPERATOR> "<value>"` */
  private parseCondition(): ConditionNode {
    const field = this.peek();
    if (field.kind !== 'word' || KEYWORDS.has(field.text.toUpperCase())) {
      throw new RuleSyntaxError(
        `expected a condition (\`<field> <OPERATOR> "<value>"\`, e.g. \`command CONTAINS "rm"\`) after ${this.previousText()}, found ${describeToken(field)}`,
        field,
      );
    }
    this.pos++;
    let negated = false;
    if (this.atKeyword('NOT')) {
      negated = true;
      this.pos++;
    }
    const opToken = this.peek();
    const written = opToken.kind === 'word' ? opToken.text.toUpperCase() : '';
    const op = operatorNamed(written);
    if (!op) {
      const what =
        opToken.kind === 'word'
          ? `unknown operator ${describeToken(opToken)}`
          : `expected an operator, found ${describeToken(opToken)}`;
      throw new RuleSyntaxError(`${what} after \`${field.text}\` (use one of ${OPERATORS.join(', ')})`, opToken);
    }
    this.pos++;
    const value = this.peek();
    if (value.kind !== 'string') {
      throw new RuleSyntaxError(`expected a quoted string after ${written}, found ${describeToken(value)}`, value);
    }
    if (value.unterminated) throw unterminated(value);
    this.pos++;
    return {
      kind: 'condition',
      field: field.text,
      op,
      negated,
      value: value.text,
      line: field.line,
      column: field.column,
    };
  }

  private peek(): Token {
    return this.tokens[this.pos] ?? this.end;
  }

  private atKeyword(keyword: string): boolean {
    const token = this.peek();
    return token.kind === 'word' && token.text.toUpperCase() === keyword;
  }

  private previousText(): string {
    const previous = this.tokens[this.pos - 1] ?? this.opener;
    return previous.kind === 'word' ? previous.text.toUpperCase() : describeToken(previous);
  }
}

/** The operator a word names, in any case (`matches` → REGEX). */
export function operatorNamed(word: string): Operator | undefined {
  const upper = word.toUpperCase();
  return OPERATOR_ALIASES[upper] ?? OPERATORS.find((candidate) => candidate === upper);
}

/** Both negations of a condition fold into its `negated` flag; NOT NOT x is x. */
function negate(expression: ExprNode): ExprNode {
  if (expression.kind === 'condition') return { ...expression, negated: !expression.negated };
  if (expression.kind === 'not') return expression.item;
  return { kind: 'not', item: expression };
}

export function unterminated(token: Token): RuleSyntaxError {
  return new RuleSyntaxError('unterminated string: add the closing `"` (a string must end on its line)', token);
}
