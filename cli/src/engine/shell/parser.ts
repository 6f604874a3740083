// Finds the simple commands of a shell script without building a syntax tree: compound commands (`if`,
// `while`, `for`, `case`, `{ }`, `( )`, function definitions) only matter for where commands start, so their
// reserved words are skipped and the commands inside are reported like any other. Commands go to the sink as
// soon as they are complete, except that a command waits for its heredoc bodies (read when its line ends).
import { Lexer, type Operator, type Token } from './lexer';
import { MAX_HELD_COMMANDS } from './limits';
import type { ParsedCommand, ParseSink, Redirect } from './syntax';
import type { Word } from './word';

/** Parses `text` (shell code found at nesting `depth`) and reports its commands to `sink`. */
export function parseShell(text: string, depth: number, sink: ParseSink): void {
  new ScriptParser(newLexer(text, depth, sink), sink).parse(false);
}

/** Reports the commands of the substitutions in text that expands like a double-quoted string. */
export function parseExpansions(text: string, depth: number, sink: ParseSink): void {
  newLexer(text, depth, sink).scanExpansions();
}

function newLexer(text: string, depth: number, sink: ParseSink): Lexer {
  const lexer: Lexer = new Lexer(
    text,
    depth,
    {
      substitution: () => new ScriptParser(lexer, sink).parse(true),
      nested: (code, nestedDepth) => parseShell(code, nestedDepth, sink),
    },
    sink,
  );
  return lexer;
}

/** What the next tokens mean inside a compound command's header. */
type Mode =
  | 'command'
  | 'functionName' // after `function`
  | 'functionParens' // after `function NAME`: an optional `()`
  | 'forName' // after `for`/`select`
  | 'forIn' // after `for NAME`
  | 'forWords' // after `for NAME in`: words up to `;` or newline
  | 'caseWord' // after `case`
  | 'caseIn' // after `case WORD`
  | 'casePattern' // patterns up to `)`
  | 'condition'; // inside `[[ … ]]`

/** Reserved words that open, close or prefix a compound command; the next word still starts a command. */
const SKIPPED_RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  '{',
  '}',
  '!',
  'coproc',
]);

const SEPARATORS_IN_CONDITION = new Set(['\n', ';', ';;', ';&', ';;&', '&', '|', '|&', 'eof']);

class ScriptParser {
  private words: Word[] = [];
  private redirects: Redirect[] = [];
  private assigned = false;
  private mode: Mode = 'command';
  /** Open `(` subshells. */
  private parens = 0;
  /** Open `case` statements. */
  private cases = 0;
  /** Open parentheses inside `[[ … ]]`. */
  private conditionParens = 0;
  /** The last complete command, when it pipes into the one being read. */
  private stdinFrom: ParsedCommand | undefined;
  /** Complete commands waiting for heredoc bodies. */
  private readonly held: ParsedCommand[] = [];
  /** A token read ahead and not yet handled. */
  private pushedBack: Token | undefined;

  constructor(
    private readonly lexer: Lexer,
    private readonly sink: ParseSink,
  ) {}

  /** Reads commands to the end of input, or (`closeOnParen`) to the `)` closing a substitution. */
  parse(closeOnParen: boolean): void {
    for (;;) {
      const token = this.pushedBack ?? this.lexer.next();
      this.pushedBack = undefined;
      if (token.kind === 'op' && token.op === 'eof') break;
      if (this.headerConsumes(token)) continue;
      if (closeOnParen && token.kind === 'op' && token.op === ')' && this.parens === 0) break;
      this.commandToken(token);
    }
    this.endCommand(false);
    this.flush(true);
  }

  private get atCommandStart(): boolean {
    return this.words.length === 0 && !this.assigned && this.redirects.length === 0;
  }

  /** Handles a token of a compound command's header; false hands it to ordinary command parsing. */
  private headerConsumes(token: Token): boolean {
    const word = token.kind === 'word' ? token.word : undefined;
    const op = token.kind === 'op' ? token.op : undefined;
    const keyword = word && !word.quoted ? word.text : undefined;
    switch (this.mode) {
      case 'command':
        return false;
      case 'functionName':
        this.mode = word ? 'functionParens' : 'command';
        return word !== undefined;
      case 'functionParens':
        this.mode = 'command';
        return op === '(' && this.lexer.consumeCloseParen();
      case 'forName':
        if (op === '(' && this.lexer.atOpenParen()) {
          this.lexer.arithmeticCommand();
          this.mode = 'command';
          return true;
        }
        this.mode = word ? 'forIn' : 'command';
        return word !== undefined;
      case 'forIn':
        this.mode = keyword === 'in' ? 'forWords' : 'command';
        return keyword === 'in';
      case 'forWords':
        if (word) return true;
        this.mode = 'command';
        return false;
      case 'caseWord':
        this.mode = word ? 'caseIn' : 'command';
        return word !== undefined;
      case 'caseIn':
        if (keyword === 'in') {
          this.cases += 1;
          this.mode = 'casePattern';
          return true;
        }
        if (op === '\n') return true;
        this.mode = 'command';
        return false;
      case 'casePattern':
        if (keyword === 'esac') {
          this.cases -= 1;
          this.mode = 'command';
          return true;
        }
        if (op === ')') this.mode = 'command';
        return op !== 'eof';
      case 'condition':
        if (keyword === ']]') {
          this.mode = 'command';
          return true;
        }
        if (op === '(') this.conditionParens += 1;
        else if (op === ')') {
          if (this.conditionParens === 0) {
            this.mode = 'command';
            return false;
          }
          this.conditionParens -= 1;
        } else if (op !== undefined && SEPARATORS_IN_CONDITION.has(op)) {
          this.mode = 'command';
          return false;
        }
        // Anything else is an operand or operator of the test; redirection-like `<` and `>` compare strings.
        return true;
    }
  }

  private commandToken(token: Token): void {
    if (token.kind === 'word') this.commandWord(token.word);
    else if (token.kind === 'redirect') this.redirect(token.op, token.fd);
    else this.operator(token.op);
  }

  /** The command so far is `time` or `time -p`: bash's keyword, which may time a compound command. */
  private get afterTimeKeyword(): boolean {
    const [first, second, third] = this.words;
    return (
      first?.text === 'time' &&
      !first.quoted &&
      (second === undefined || second.text === '-p') &&
      third === undefined &&
      !this.assigned &&
      this.redirects.length === 0
    );
  }

  private commandWord(word: Word): void {
    if ((this.atCommandStart || this.afterTimeKeyword) && !word.quoted && this.reservedWord(word.text)) {
      this.words = []; // `time { …; }`: what runs is the commands inside.
      return;
    }
    if (word.assignment && this.words.length === 0) {
      this.assigned = true;
      return;
    }
    this.words.push(word);
  }

  /** Acts on a reserved word at the start of a command; false if `text` is not one. */
  private reservedWord(text: string): boolean {
    if (SKIPPED_RESERVED_WORDS.has(text)) return true;
    switch (text) {
      case 'esac':
        if (this.cases > 0) this.cases -= 1;
        return true;
      case 'function':
        this.mode = 'functionName';
        return true;
      case 'for':
      case 'select':
        this.mode = 'forName';
        return true;
      case 'case':
        this.mode = 'caseWord';
        return true;
      case '[[':
        this.mode = 'condition';
        this.conditionParens = 0;
        return true;
      default:
        return false;
    }
  }

  private redirect(op: string, fd: string): void {
    const token = this.lexer.next(false);
    if (token.kind !== 'word') {
      // `cat >` with nothing after it: keep the operator, then handle what came instead.
      this.redirects.push({ op: normaliseRedirect(op, fd, undefined) });
      this.pushedBack = token;
      return;
    }
    const target = token.word;
    if (op === '<<' || op === '<<-') {
      const heredoc = { delimiter: target.text, quoted: target.quoted, body: undefined };
      this.lexer.registerHeredoc(heredoc, op === '<<-');
      this.redirects.push({ op: '<<', heredoc });
      return;
    }
    const normalised = normaliseRedirect(op, fd, target.text);
    this.redirects.push(isDuplication(op, target.text) ? { op: normalised } : { op: normalised, target });
  }

  private operator(op: Operator): void {
    switch (op) {
      case '(':
        if (
          this.words.length === 1 &&
          !this.assigned &&
          this.redirects.length === 0 &&
          this.lexer.consumeCloseParen()
        ) {
          this.words = []; // `name() …` defines a function; its body follows as commands.
          return;
        }
        if (this.atCommandStart || this.afterTimeKeyword) {
          this.words = [];
          if (this.lexer.atOpenParen()) this.lexer.arithmeticCommand();
          else this.parens += 1;
          return;
        }
        this.endCommand(false);
        this.parens += 1;
        return;
      case ')':
        this.endCommand(false);
        if (this.parens > 0) this.parens -= 1;
        return;
      case '|':
      case '|&':
        this.endCommand(true);
        return;
      case ';;':
      case ';&':
      case ';;&':
        this.endCommand(false);
        if (this.cases > 0) this.mode = 'casePattern';
        return;
      default:
        this.endCommand(false);
    }
  }

  private endCommand(piped: boolean): void {
    if (this.words.length > 0 || this.redirects.length > 0) {
      const command: ParsedCommand = { words: this.words, redirects: this.redirects, depth: this.lexer.depth };
      if (this.stdinFrom) command.stdinFrom = this.stdinFrom;
      this.held.push(command);
      this.stdinFrom = piped ? command : undefined;
      this.words = [];
      this.redirects = [];
    } else {
      this.stdinFrom = undefined;
    }
    this.assigned = false;
    this.flush(false);
  }

  private flush(force: boolean): void {
    if (this.held.length === 0) return;
    if (!force && this.lexer.hasPendingHeredocs) {
      if (this.held.length <= MAX_HELD_COMMANDS) return;
      this.sink.truncate();
    }
    for (const command of this.held) {
      this.sink.command(command);
      // Only the next command looks back through a pipe; dropping the link keeps long pipelines collectable.
      command.stdinFrom = undefined;
    }
    this.held.length = 0;
  }
}

const DEFAULT_FD: Record<string, string> = { '>': '1', '>>': '1', '<': '0', '<>': '0', '>&': '1', '<&': '0' };

/** `n>&m`, `>&-`: a duplication of file descriptors rather than a file. */
function isDuplication(op: string, target: string): boolean {
  return (op === '>&' || op === '<&') && /^(?:[0-9]+-?|-)$/.test(target);
}

/**
 * The operator as views show it: `>|` is `>`, a default fd is dropped (`1>` is `>`, `0<` is `<`), `>& file` is
 * `&> file`, and a duplication carries its target (`2>&1`, `>&2`).
 */
function normaliseRedirect(op: string, fd: string, target: string | undefined): string {
  const base = op === '>|' ? '>' : op;
  const shownFd = fd === DEFAULT_FD[base] ? '' : fd;
  if (target !== undefined && isDuplication(base, target)) return `${shownFd}${base}${target}`;
  if (base === '>&' && shownFd === '') return '&>';
  return `${shownFd}${base}`;
}
