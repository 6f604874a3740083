// One pane: a header (account, folder, state, close) over an xterm 6 that fills the rest. xterm gets every key while
// it has focus (Ctrl+C goes to the process, the page has no shortcuts of its own); the fit addon sizes it to its box
// whenever the box changes (the window, the grid's column count), and the pty follows through `resize`.
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import type { PaneInfo } from '@ssg/contracts/terminal';
import { terminalSocket, useTerminal } from '../../stores/terminal';

/** The sizes the pane socket accepts (SocketClientMessage `resize`). */
const MAX_COLS = 1_000;
const MAX_ROWS = 500;

const STATE_WORDS: Record<PaneInfo['state'], string> = {
  running: 'running',
  switching: 'switching account',
  exited: 'exited',
};

interface PaneViewProps {
  pane: PaneInfo;
  /** The account the pane runs as, in words; null for a shell. */
  accountName: string | null;
  focused: boolean;
}

export function PaneView({ pane, accountName, focused }: PaneViewProps) {
  const screen = useRef<HTMLDivElement>(null);
  const closePane = useTerminal((s) => s.closePane);
  const focusPane = useTerminal((s) => s.focusPane);
  const paneId = pane.id;

  useEffect(() => {
    const element = screen.current;
    if (!element) return;
    const term = new Terminal({
      cursorBlink: true,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: 13,
      scrollback: 5_000,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    const hide = terminalSocket.show(paneId, {
      reset: () => term.reset(),
      write: (data, parsed) => term.write(data, parsed),
    });
    const refit = () => {
      // A box with no size (the page hidden, the pane being laid out) would fit to nothing.
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      fit.fit();
      if (term.cols >= 2) terminalSocket.resize(paneId, Math.min(term.cols, MAX_COLS), Math.min(term.rows, MAX_ROWS));
    };
    refit();
    // A pane just opened from the page takes the keyboard.
    if (useTerminal.getState().focusedPaneId === paneId) term.focus();
    const typed = term.onData((data) => terminalSocket.input(paneId, data));
    const focusedHere = () => focusPane(paneId);
    term.textarea?.addEventListener('focus', focusedHere);
    // The box changes with the window and with the number of panes beside it.
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      term.textarea?.removeEventListener('focus', focusedHere);
      typed.dispose();
      hide();
      term.dispose();
    };
  }, [paneId, focusPane]);

  const label = pane.kind === 'shell' ? 'Shell' : pane.title;
  return (
    <section className={`pane${focused ? ' pane-focused' : ''}`} aria-label={`Pane: ${label}`}>
      <header className="pane-head">
        <strong className="truncate">{pane.kind === 'shell' ? 'Shell' : (accountName ?? pane.title)}</strong>
        {pane.kind === 'login' && <span className="pill pill-warning">signing in</span>}
        <span className="pane-cwd truncate muted" title={pane.cwd}>
          {pane.cwd}
        </span>
        <span className={`pill ${pane.state === 'running' ? 'pill-on' : 'pill-off'}`}>
          {STATE_WORDS[pane.state]}
          {pane.state === 'exited' && pane.exitCode !== null && ` (${pane.exitCode})`}
        </span>
        <button
          type="button"
          className="link-button small"
          aria-label={`Close pane ${label}`}
          onClick={() => void closePane(paneId)}
        >
          Close
        </button>
      </header>
      <div className="pane-screen" ref={screen} data-pane-id={paneId} />
    </section>
  );
}
