// The dashboard terminal API (/api/terminal/…, spec "Dashboard terminal API"): a person's (the admin credential or
// a dashboard session) and a subscriber's (402 without one, subscription-gate.ts). The daemon validates each request
// with the contract's schema and relays it to the pty host, which owns the panes and the accounts; so does the pane
// socket (terminal-socket.ts) with every window's pane I/O.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import {
  TERMINAL_ACCOUNTS_PATH,
  TERMINAL_SESSIONS_PATH,
  TERMINAL_SETTINGS_PATH,
  TERMINAL_SOCKET_PATH,
  TERMINAL_USAGE_PATH,
} from '@ssg/contracts/terminal';
import { HttpError } from '../server/http-error';
import { requireTerminalSubscription } from '../terminal/subscription-gate';
import { TerminalHostError, type TerminalHostProcess } from '../terminal/terminal-host-process';
import { terminalSocket, type TerminalSocketOptions } from '../terminal/terminal-socket';

export interface TerminalRouteOptions {
  host: TerminalHostProcess;
  /** The ssg home, where the license is. */
  home: string;
  /** The pane socket's proof of a person (terminal-socket.ts). */
  isPerson: TerminalSocketOptions['isPerson'];
}

export const terminalRoutes =
  ({ host, home, isPerson }: TerminalRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const requireSubscription = () => requireTerminalSubscription(home);
    // After the credential hook (global), so only a person learns whether this machine subscribes. The socket
    // checks its own credential, then the subscription.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== TERMINAL_SOCKET_PATH) await requireSubscription();
    });
    await terminalSocket(app, { host, isPerson, requireSubscription });
    const relay = async <T>(answer: Promise<T>): Promise<T> => {
      try {
        return await answer;
      } catch (error) {
        if (error instanceof TerminalHostError) throw new HttpError(error.status, error.message);
        throw error;
      }
    };

    app.get(TERMINAL_ACCOUNTS_PATH, { schema: DAEMON_ROUTES[`GET ${TERMINAL_ACCOUNTS_PATH}`].schema }, () =>
      relay(host.request('listAccounts', {})),
    );
    app.post(TERMINAL_ACCOUNTS_PATH, { schema: DAEMON_ROUTES[`POST ${TERMINAL_ACCOUNTS_PATH}`].schema }, (request) =>
      relay(host.request('addAccount', request.body)),
    );
    app.delete(
      `${TERMINAL_ACCOUNTS_PATH}/:id`,
      { schema: DAEMON_ROUTES[`DELETE ${TERMINAL_ACCOUNTS_PATH}/:id`].schema },
      (request) => relay(host.request('removeAccount', { accountId: request.params.id })),
    );
    app.get(TERMINAL_USAGE_PATH, { schema: DAEMON_ROUTES[`GET ${TERMINAL_USAGE_PATH}`].schema }, () =>
      relay(host.request('usage', {})),
    );
    app.get(TERMINAL_SETTINGS_PATH, { schema: DAEMON_ROUTES[`GET ${TERMINAL_SETTINGS_PATH}`].schema }, () =>
      relay(host.request('getSettings', {})),
    );
    app.put(TERMINAL_SETTINGS_PATH, { schema: DAEMON_ROUTES[`PUT ${TERMINAL_SETTINGS_PATH}`].schema }, (request) =>
      relay(host.request('putSettings', request.body)),
    );
    app.post(
      `${TERMINAL_ACCOUNTS_PATH}/:id/login`,
      { schema: DAEMON_ROUTES[`POST ${TERMINAL_ACCOUNTS_PATH}/:id/login`].schema },
      (request) => relay(host.request('startLogin', { accountId: request.params.id })),
    );
    app.get(TERMINAL_SESSIONS_PATH, { schema: DAEMON_ROUTES[`GET ${TERMINAL_SESSIONS_PATH}`].schema }, () =>
      relay(host.request('listPanes', {})),
    );
    app.post(TERMINAL_SESSIONS_PATH, { schema: DAEMON_ROUTES[`POST ${TERMINAL_SESSIONS_PATH}`].schema }, (request) =>
      relay(host.request('openPane', request.body)),
    );
    app.delete(
      `${TERMINAL_SESSIONS_PATH}/:id`,
      { schema: DAEMON_ROUTES[`DELETE ${TERMINAL_SESSIONS_PATH}/:id`].schema },
      (request) => relay(host.request('closePane', { paneId: request.params.id })),
    );
    app.post(
      `${TERMINAL_SESSIONS_PATH}/:id/claude-account`,
      { schema: DAEMON_ROUTES[`POST ${TERMINAL_SESSIONS_PATH}/:id/claude-account`].schema },
      (request) =>
        relay(host.request('switchAccount', { paneId: request.params.id, accountId: request.body.accountId })),
    );
  };
