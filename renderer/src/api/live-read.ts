// A read over HTTP while the live stream keeps changing the same data. The stream and the read travel on different
// connections, so the read's answer can arrive after an event that is newer than it; putting the answer in place
// would undo that event (an ASK the page already shows vanishes until the next reconnect). Each read therefore
// comes back with the events that arrived while it was in flight, for the store to apply over the answer.
export class LiveRead<E> {
  readonly #inFlight = new Set<E[]>();

  /** Call with every live event of this kind (before or after applying it to the store; order does not matter). */
  seen(event: E): void {
    for (const since of this.#inFlight) since.push(event);
  }

  /** Runs `request`; resolves with its answer and the events seen meanwhile, oldest first. */
  async read<T>(request: () => Promise<T>): Promise<{ answer: T; since: E[] }> {
    const since: E[] = [];
    this.#inFlight.add(since);
    try {
      return { answer: await request(), since };
    } finally {
      this.#inFlight.delete(since);
    }
  }

  /** For events that each carry the whole state: the newest of the read's answer and the events seen meanwhile. */
  async latest(request: () => Promise<E>): Promise<E> {
    const { answer, since } = await this.read(request);
    return since[since.length - 1] ?? answer;
  }
}
