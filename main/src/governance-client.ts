// What the desktop shell asks of the daemon: Sleep at Night, the budget snapshot, and a one-time dashboard link.
// It goes through the daemon's own HTTP API with the token, the same calls `ssg sleep` and `ssg dashboard` make,
// so the daemon hosted in this process and one the user already runs (`ssg daemon`) are driven alike.
import { type BudgetResponse, BUDGET_PATH } from '@ssg/contracts/budget';
import { DASHBOARD_TICKETS_PATH, type DashboardTicket } from '@ssg/contracts/dashboard';
import type { DaemonEndpoint } from '@ssg/client/daemon-endpoint';
import { daemonRequest, type DaemonRequestOptions } from '@ssg/client/daemon-request';
import { SLEEP_MODE_PATH, type SleepModeRequest, type SleepModeResponse } from '@ssg/contracts/sleep-mode';

export interface GovernanceClient {
  readonly url: string;
  sleepMode(): Promise<SleepModeResponse>;
  setSleepMode(request: SleepModeRequest): Promise<SleepModeResponse>;
  budget(): Promise<BudgetResponse>;
  /** A fresh single-use sign-in link for the dashboard (valid 60 s). */
  dashboardLink(): Promise<string>;
}

export function governanceClient(endpoint: DaemonEndpoint): GovernanceClient {
  const call = async <T>(path: string, options?: DaemonRequestOptions): Promise<T> => {
    const reply = await daemonRequest<T>(endpoint, path, options);
    if (reply.kind === 'ok') return reply.body;
    throw new Error(reply.kind === 'error' ? reply.message : reply.problem);
  };
  return {
    url: endpoint.url,
    sleepMode: () => call<SleepModeResponse>(SLEEP_MODE_PATH),
    setSleepMode: (request) => call<SleepModeResponse>(SLEEP_MODE_PATH, { method: 'POST', body: request }),
    budget: () => call<BudgetResponse>(BUDGET_PATH),
    dashboardLink: async () => (await call<DashboardTicket>(DASHBOARD_TICKETS_PATH, { method: 'POST', body: {} })).url,
  };
}
