// When the window closes and when the app quits. Governance must outlive the window: closing it only hides it,
// the daemon keeps answering hooks, and only Quit (tray menu, app menu, Cmd-Q) stops the app. A second launch
// does not start a second daemon: it brings this window back.

export type CloseDecision = 'hide' | 'close';

export class WindowLifecycle {
  private quitting = false;

  /** The user asked to quit (menu, Cmd-Q, system shutdown): from now on closing the window really closes it. */
  beginQuit(): void {
    this.quitting = true;
  }

  get isQuitting(): boolean {
    return this.quitting;
  }

  /** A window is about to close: hide it unless the app is quitting. */
  onWindowClose(): CloseDecision {
    return this.quitting ? 'close' : 'hide';
  }

  /** Every window is closed: keep running (the tray and the daemon stay) unless quitting. */
  shouldQuitWhenAllWindowsClosed(): boolean {
    return this.quitting;
  }
}
