// Finds the simple commands of a shell script without building a syntax tree: compound commands (`if`,
// `while`, `for`, `case`, `{ }`, `( )`, function definitions) only matter for where commands start, so their
// reserved words are skipped and the commands inside are reported like any other. Commands go to the sink as
// soon as they are complete, except that a command waits for its heredoc bodies (read when its line ends);
// a pipeline of two or more commands goes to the sink once more, after its last command.
import { Lexer, type Operator, type Token } from './lexer';
import { MAX_HELD_COMMANDS } from './limits';
import type { ListOperator, ParsedCommand, ParseSink, PipeOperator, Redirect } from './syntax';
import type { Word } from './word';

/** Parses `text` (shell code found at nesting `depth`) and reports its commands to `sink`. */
export function parseShell(text: string, depth: number, sink: ParseSink): void {
  if (depth > 0) sink.nestedCode(text.length);
  new ScriptParser(newLexer(text, depth, sink), sink).parse(false);
}

/** Reports the commands of the substitutions in text that expands like a double-quoted string. */
export function parseExpansions(text: string, depth: number, sink: ParseSink): void {
  if (depth > 0) sink.nestedCode(text.length);
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
  | 'condition' // inside `[[ … ]]`
  | 'coprocName'; // after `coproc`: a NAME when a compound command follows

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
]);

/** Reserved words that open a compound command: after `coproc NAME`, NAME only names the coprocess. */
const COMPOUND_OPENERS = new Set(['{', 'if', 'while', 'until', 'for', 'select', 'case', '[[']);

/** Reserved words that close a compound command whose output a following `|` pipes on. */
const GROUP_CLOSERS = new Set(['}', 'fi', 'done', 'esac']);

const SEPARATORS_IN_CONDITION = new Set(['\n', ';', ';;', ';&', ';;&', '&', '|', '|&', 'eof']);

class ScriptParser {
  private words: Word[] = [];
  private redirects: Redirect[] = [];
  private assignments: Word[] = [];
  private assigned = false;
  private mode: Mode = 'command';
  /** Open `(` subshells. */
  private parens = 0;
  /** The `for` loop whose header is being read: its variable and the words after `in`. */
  private loop: { name: string; items: Word[] | undefined; chosen: boolean } | undefined;
  /** The header being read is `select`'s: its variable is what a person picks, not each item in turn. */
  private selecting = false;
  /** Open `case` statements. */
  private cases = 0;
  /** Open parentheses inside `[[ … ]]`. */
  private conditionParens = 0;
  /** The commands of the pipeline being read: each one so far ended with a pipe. */
  private pipeline: ParsedCommand[] = [];
  /** The last command that ended, and whether the token just read closed a group around it (`)`, `}`, `done`). */
  private lastCommand: ParsedCommand | undefined;
  private groupClosed = false;
  /** What goes to the sink, in source order, waiting for heredoc bodies: commands, pipelines, scope changes. */
  private readonly held: (() => void)[] = [];
  /** A token read ahead and not yet handled. */
  private pushedBack: Token | undefined;
  /** The function whose name was read (`f()`, `function f`) until its body opens. */
  private functionName: string | undefined;
  /** Function bodies being read: the name, the kind of group, and how many groups of that kind were open. */
  private readonly functions: { name: string; group: '{' | '('; level: number }[] = [];
  /** Open `{ }` groups. */
  private braces = 0;
  /** Open loops: a `while`/`until` one holds its commands until the token after its `done` is read. */
  private readonly loops: { holds: boolean; condition?: ParsedCommand; awaiting: boolean }[] = [];
  /** The condition of the `while` loop whose `done` was the last token, while redirections follow it. */
  private closedLoop: ParsedCommand | undefined;
  /** How many of the open loops hold their commands. */
  private holdingLoops = 0;

  constructor(
    private readonly lexer: Lexer,
    private readonly sink: ParseSink,
  ) {}

  /** Reads commands to the end of input, or (`closeOnParen`) to the `)` closing a substitution. */
  parse(closeOnParen: boolean): void {
    if (closeOnParen) this.hold(() => this.sink.subshell(true));
    for (;;) {
      const token = this.pushedBack ?? this.lexer.next();
      this.pushedBack = undefined;
      if (token.kind === 'op' && token.op === 'eof') break;
      if (this.headerConsumes(token)) continue;
      if (closeOnParen && token.kind === 'op' && token.op === ')' && this.parens === 0) break;
      this.commandToken(token);
    }
    this.endCommand();
    for (; this.parens > 0; this.parens -= 1) this.hold(() => this.sink.subshell(false));
    if (closeOnParen) this.hold(() => this.sink.subshell(false));
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
        this.functionName = word?.text;
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
        if (word) this.loop = { name: word.text, items: undefined, chosen: this.selecting };
        return word !== undefined;
      case 'forIn':
        if (keyword === 'in') {
          this.mode = 'forWords';
          this.loop!.items = [];
          return true;
        }
        this.endLoopHeader();
        return false;
      case 'forWords':
        if (word) {
          this.loop!.items!.push(word);
          return true;
        }
        this.endLoopHeader();
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
      case 'coprocName': {
        this.mode = 'command';
        if (!word || (keyword !== undefined && COMPOUND_OPENERS.has(keyword))) return false;
        // `coproc NAME { …; }` runs the group (any word names the coprocess, quoted or not); `coproc cat file`
        // runs cat.
        const next = this.lexer.next();
        this.pushedBack = next;
        if (next.kind === 'op') return next.op === '(';
        return next.kind === 'word' && !next.word.quoted && COMPOUND_OPENERS.has(next.word.text);
      }
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

  /** The `for` header is read: its variable takes its values before the body's commands run. */
  private endLoopHeader(): void {
    this.mode = 'command';
    const loop = this.loop!;
    this.loop = undefined;
    this.hold(() => this.sink.loop(loop.name, loop.chosen ? undefined : loop.items));
  }

  private commandToken(token: Token): void {
    const afterGroup = this.groupClosed;
    this.groupClosed = false;
    if (this.functionName !== undefined) this.functionStart(token);
    const closedLoop = this.closedLoop;
    this.closedLoop = undefined;
    if (token.kind === 'word') this.commandWord(token.word);
    else if (token.kind === 'redirect') {
      this.redirect(token.op, token.fd);
      this.closedLoop = closedLoop;
    } else {
      this.closedLoop = closedLoop;
      this.operator(token.op, afterGroup);
      this.closedLoop = undefined;
    }
  }

  /** After a function's name: a `{` or `(` at the command's start opens its body (newlines may come first). */
  private functionStart(token: Token): void {
    if (token.kind === 'op' && token.op === '\n') return;
    const name = this.functionName!;
    this.functionName = undefined;
    if (!this.atCommandStart) return;
    const brace = token.kind === 'word' && !token.word.quoted && token.word.text === '{';
    if (!brace && !(token.kind === 'op' && token.op === '(')) return;
    this.functions.push({ name, group: brace ? '{' : '(', level: brace ? this.braces : this.parens });
    this.hold(() => this.sink.functionBody?.(name, true));
  }

  /** A group closed: the function whose body it was is complete. */
  private groupEnd(group: '{' | '('): void {
    const body = this.functions.at(-1);
    if (body?.group !== group || body.level !== (group === '{' ? this.braces : this.parens)) return;
    this.functions.pop();
    this.hold(() => this.sink.functionBody?.(body.name, false));
  }

  /** The command so far is `time` or `time -p`: bash's keyword, which may time a compound command. */
  private get afterTimeKeyword(): boolean {
    const { words } = this;
    return (
      words.length <= 2 &&
      words[0]?.text === 'time' &&
      !words[0].quoted &&
      (words.length === 1 || words[1]?.text === '-p') &&
      !this.assigned &&
      this.redirects.length === 0
    );
  }

  private commandWord(word: Word): void {
    if ((this.atCommandStart || this.afterTimeKeyword) && !word.quoted && this.reservedWord(word.text)) {
      this.words = []; // `time { …; }`: what runs is the commands inside.
      this.groupClosed = GROUP_CLOSERS.has(word.text);
      return;
    }
    if (word.assignment && this.words.length === 0) {
      this.assigned = true;
      this.assignments.push(word);
      return;
    }
    this.words.push(word);
  }

  /** Acts on a reserved word at the start of a command; false if `text` is not one. */
  private reservedWord(text: string): boolean {
    switch (text) {
      case '{':
        this.braces += 1;
        return true;
      case '}':
        if (this.braces > 0) this.braces -= 1;
        this.groupEnd('{');
        return true;
      case 'while':
      case 'until':
        this.loops.push({ holds: true, awaiting: true });
        this.holdingLoops += 1;
        return true;
      case 'done': {
        const loop = this.loops.pop();
        if (loop?.holds) this.holdingLoops -= 1;
        if (loop?.holds && loop.condition) this.closedLoop = loop.condition;
        return true;
      }
      default:
    }
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
        this.loops.push({ holds: false, awaiting: false });
        this.mode = 'forName';
        this.selecting = text === 'select';
        return true;
      case 'case':
        this.mode = 'caseWord';
        return true;
      case 'coproc':
        this.mode = 'coprocName';
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

  /** `afterGroup`: the token before closed a group (see GROUP_CLOSERS). */
  private operator(op: Operator, afterGroup: boolean): void {
    switch (op) {
      case '(':
        if (
          this.words.length === 1 &&
          !this.assigned &&
          this.redirects.length === 0 &&
          this.lexer.consumeCloseParen()
        ) {
          this.functionName = this.words[0]!.text;
          this.words = []; // `name() …` defines a function; its body follows as commands.
          return;
        }
        if (this.atCommandStart || this.afterTimeKeyword) {
          this.words = [];
          if (this.lexer.atOpenParen()) this.lexer.arithmeticCommand();
          else this.openSubshell();
          return;
        }
        this.endCommand();
        this.openSubshell();
        return;
      case ')':
        this.endCommand();
        if (this.parens > 0) {
          this.parens -= 1;
          this.hold(() => this.sink.subshell(false));
          this.groupEnd('(');
        }
        this.groupClosed = true;
        return;
      case '|':
      case '|&':
        if (afterGroup && this.atCommandStart && this.lastCommand && this.pipeline.length === 0) {
          // `(curl x) | sh`, `{ …; curl x; } | sh`: read as the group's last command piping on, which is
          // what matters when that command prints code.
          this.lastCommand.pipe = op;
          this.pipeline.push(this.lastCommand);
        } else {
          this.endCommand(op);
        }
        return;
      case ';;':
      case ';&':
      case ';;&':
        this.endCommand();
        if (this.cases > 0) this.mode = 'casePattern';
        return;
      case '\n':
        // `curl x |` continues on the next line.
        if (this.atCommandStart && this.pipeline.length > 0) return;
        this.endCommand();
        return;
      case '&&':
      case '||':
      case '&':
        this.endCommand(undefined, op);
        return;
      default:
        this.endCommand();
    }
  }

  private openSubshell(): void {
    this.parens += 1;
    this.hold(() => this.sink.subshell(true));
  }

  /** Queues something for the sink behind the commands still waiting for their heredoc bodies. */
  private hold(event: () => void): void {
    this.held.push(event);
    this.flush(false);
  }

  /** Ends the command being read; `pipe` when its output goes on to the next command, else its list operator. */
  private endCommand(pipe?: PipeOperator, listOperator?: ListOperator): void {
    if (this.words.length > 0 || this.redirects.length > 0 || this.assignments.length > 0) {
      const command: ParsedCommand = { words: this.words, redirects: this.redirects, depth: this.lexer.depth };
      if (listOperator) command.listOperator = listOperator;
      const loop = this.loops.at(-1);
      if (loop?.awaiting) {
        loop.awaiting = false;
        loop.condition = command;
        command.loopCondition = true;
      }
      // `done <<< "$x"`, `done < <(…)`, `done <<EOF`: the loop's stdin, read by its condition.
      if (this.closedLoop && this.words.length === 0 && this.assignments.length === 0) {
        this.closedLoop.redirects.push(...this.redirects.filter(({ op }) => op === '<' || op === '<<' || op === '<<<'));
      }
      if (this.assignments.length > 0) {
        command.assignments = this.assignments;
        this.assignments = [];
      }
      const previous = this.pipeline.at(-1);
      if (previous) command.stdinFrom = previous;
      if (pipe) command.pipe = pipe;
      this.held.push(() => this.sink.command(command));
      // Assignments alone show nothing in a pipeline view; stdinFrom and pipe still mark them as a stage.
      if (this.words.length > 0 || this.redirects.length > 0) {
        this.pipeline.push(command);
        this.lastCommand = command;
      }
      this.words = [];
      this.redirects = [];
    }
    if (!pipe) {
      if (this.pipeline.length > 1) {
        const pipeline = this.pipeline;
        this.held.push(() => this.sink.pipeline(pipeline));
      }
      this.pipeline = [];
    }
    this.assigned = false;
    this.flush(false);
  }

  private flush(force: boolean): void {
    if (this.held.length === 0) return;
    // A `while` loop's commands wait for what follows its `done`, which may give its condition a stdin.
    const loopOpen = this.closedLoop !== undefined || this.holdingLoops > 0;
    if (!force && (this.lexer.hasPendingHeredocs || loopOpen)) {
      if (this.held.length <= MAX_HELD_COMMANDS) return;
      // Past the bound a loop's commands go on without the stdin that may follow; that loses nothing else.
      if (this.lexer.hasPendingHeredocs) this.sink.truncate('work');
    }
    // Taken out first: an event may parse nested code that holds events of its own.
    const events = this.held.splice(0);
    for (const event of events) event();
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
