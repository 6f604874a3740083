// The text/event-stream format (WHATWG HTML, "server-sent events") read from chunks of a fetch body, for the live
// stream: EventSource cannot send the session header, so the dashboard reads the stream with fetch and parses it
// here. Lines end in LF, CRLF or CR (a CRLF may be split across chunks); `event` names the event, `data` lines
// join with LF, a blank line dispatches, lines starting with `:` are comments (the daemon's heartbeat). `id` and
// `retry` are not kept: after a reconnect the stores read afresh rather than resume.

export interface ServerSentEvent {
  /** `message` when the event has no `event:` line. */
  event: string;
  data: string;
}

export class ServerSentEventParser {
  /** The unfinished last line of what was pushed so far. */
  #rest = '';
  /** The last chunk ended in CR: an LF starting the next one belongs to the same line end. */
  #afterCarriageReturn = false;
  #event = '';
  #data: string[] = [];

  constructor(private readonly dispatch: (event: ServerSentEvent) => void) {}

  push(chunk: string): void {
    let text = this.#rest + chunk;
    if (this.#afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    const lines = text.split(/\r\n|\r|\n/);
    this.#rest = lines.pop() ?? '';
    this.#afterCarriageReturn = text.endsWith('\r');
    for (const line of lines) this.#line(line);
  }

  #line(line: string): void {
    if (line === '') return this.#dispatchEvent();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
  }

  #dispatchEvent(): void {
    // An event without data is not dispatched, as EventSource does.
    if (this.#data.length > 0) this.dispatch({ event: this.#event || 'message', data: this.#data.join('\n') });
    this.#event = '';
    this.#data = [];
  }
}
