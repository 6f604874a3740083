// Keeps the tray menu current and carries out its actions. State comes from the daemon (refreshed when the daemon
// reports a change, and on a timer for the spend and the countdown); Sleep at Night is switched through the daemon's
// API; the rest (open the dashboard, install the CLI, quit) belongs to the shell, which passes handlers in.
import type { GovernanceClient } from './governance-client';
import { presetDurationMs } from './sleep-presets';
import { type TrayAction, type TrayState } from './tray-menu';

export interface ShellActions {
  openDashboard(): void | Promise<void>;
  installCli(): void | Promise<void>;
  quit(): void;
}

export class TrayController {
  private state: TrayState;

  constructor(
    private readonly client: GovernanceClient,
    private readonly shell: ShellActions,
    /** Called with the new state after every refresh or action: the shell rebuilds the menu from it. */
    private readonly render: (state: TrayState) => void,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.state = { sleep: undefined, budget: undefined, now: now() };
  }

  get current(): TrayState {
    return this.state;
  }

  /** Asks the daemon for Sleep at Night and the budget; a failure keeps the last state and shows the problem. */
  async refresh(): Promise<TrayState> {
    try {
      const [sleep, budget] = await Promise.all([this.client.sleepMode(), this.client.budget()]);
      this.update({ sleep, budget, now: this.now() });
    } catch (error) {
      this.update({ ...this.state, now: this.now(), problem: (error as Error).message });
    }
    return this.state;
  }

  async run(action: TrayAction): Promise<void> {
    switch (action.kind) {
      case 'sleep-on':
      case 'sleep-off':
        try {
          const forMs = action.kind === 'sleep-on' ? presetDurationMs(action.preset, this.now()) : undefined;
          const sleep = await this.client.setSleepMode(
            action.kind === 'sleep-off'
              ? { enabled: false }
              : forMs === undefined
                ? { enabled: true }
                : { enabled: true, forMs },
          );
          this.update({ ...this.state, sleep, now: this.now(), problem: undefined });
        } catch (error) {
          this.update({ ...this.state, now: this.now(), problem: (error as Error).message });
        }
        return;
      case 'open-dashboard':
        return this.shell.openDashboard();
      case 'install-cli':
        return this.shell.installCli();
      case 'quit':
        return this.shell.quit();
    }
  }

  private update(state: TrayState): void {
    const { problem, ...rest } = state;
    this.state = problem === undefined ? rest : state;
    this.render(this.state);
  }
}
