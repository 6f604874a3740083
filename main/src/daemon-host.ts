// The desktop app hosts the daemon in its own process (the same startDaemon as `ssg daemon`). When the user
// already runs one for this home (`ssg daemon` in a terminal), a second daemon would be refused, and two would
// count every call twice anyway, so the app attaches to the running one instead and drives it over HTTP. The app
// is a person's window onto ssg (its tray switches Sleep at Night), so it speaks with the admin credential.
import { daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { readAdminCredential } from '@ssg/node/admin-credential';
import { type GovernanceClient, governanceClient } from './governance-client';

/** What the host needs of a started daemon (RunningDaemon from daemon/src/daemon.ts). */
export interface StartedDaemon {
  url: string;
  /** The admin credential (RunningDaemon's adminToken). */
  adminToken: string;
  /** Issues a sign-in ticket in-process (no HTTP round trip); the HTTP route is used when absent. */
  dashboardLink?(): string | Promise<string>;
  close(): Promise<void>;
}

export type DaemonConnection =
  | { kind: 'hosted'; client: GovernanceClient; close(): Promise<void> }
  | { kind: 'attached'; client: GovernanceClient; /** For the user: which daemon the app is using. */ note: string };

export async function hostOrAttachDaemon(start: () => Promise<StartedDaemon>, home: string): Promise<DaemonConnection> {
  let daemon: StartedDaemon;
  try {
    daemon = await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EALREADYRUNNING') throw error;
    // The running daemon's url is in the home it runs for (daemon.json), its admin credential in the keychain or
    // <home>/admin.token.
    const endpoint = { ...daemonEndpoint(home, {}), token: readAdminCredential(home)?.secret };
    return {
      kind: 'attached',
      client: governanceClient(endpoint),
      note: `${(error as Error).message}; the app uses it, and stops governing when it stops`,
    };
  }
  const overHttp = governanceClient({ url: daemon.url, token: daemon.adminToken });
  const { dashboardLink } = daemon;
  return {
    kind: 'hosted',
    client: dashboardLink ? { ...overHttp, dashboardLink: async () => dashboardLink.call(daemon) } : overHttp,
    close: () => daemon.close(),
  };
}
