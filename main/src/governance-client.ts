// What the desktop shell asks of the daemon: Sleep at Night, the budget snapshot, a one-time dashboard link, and the
// fleet login the sign-in window shows.
// It goes through the daemon's own HTTP API with the admin credential, the same calls `ssg sleep` and `ssg dashboard` make,
// so the daemon hosted in this process and one the user already runs (`ssg daemon`) are driven alike.
import { daemonClient, type RouteArgs } from '@ssg/client/daemon-client';
import type { DaemonEndpoint } from '@ssg/client/daemon-endpoint';
import { netTransport } from '@ssg/client/net-transport';
import type { BudgetResponse } from '@ssg/contracts/budget';
import type { FleetLoginProgress } from '@ssg/contracts/fleet-sign-in';
import type { RouteKey, RouteResponse } from '@ssg/contracts/routes';
import type { SleepModeRequest, SleepModeResponse } from '@ssg/contracts/sleep-mode';

export interface GovernanceClient {
  readonly url: string;
  sleepMode(): Promise<SleepModeResponse>;
  setSleepMode(request: SleepModeRequest): Promise<SleepModeResponse>;
  budget(): Promise<BudgetResponse>;
  /** A fresh single-use sign-in link for the dashboard (valid 60 s). */
  dashboardLink(): Promise<string>;
  /** How the fleet login started from the Fleet page is doing. */
  fleetLogin(): Promise<FleetLoginProgress>;
}

export function governanceClient(endpoint: DaemonEndpoint): GovernanceClient {
  const client = daemonClient(netTransport(endpoint));
  const call = async <Key extends RouteKey>(route: Key, ...input: RouteArgs<Key>): Promise<RouteResponse<Key>> => {
    const reply = await client.call(route, ...input);
    if (reply.kind === 'ok') return reply.body;
    throw new Error(reply.kind === 'error' ? reply.message : reply.problem);
  };
  return {
    url: endpoint.url,
    sleepMode: () => call('GET /api/json/sleep-mode'),
    setSleepMode: (request) => call('POST /api/json/sleep-mode', { body: request }),
    budget: () => call('GET /api/json/budget'),
    dashboardLink: async () => (await call('POST /api/json/dashboard/tickets', { body: {} })).url,
    fleetLogin: () => call('GET /api/fleet/login'),
  };
}
