// Entry of the daemon's utilityProcess in the desktop app (main/build.mjs bundles it as daemon-process.cjs): the
// same startDaemon as `ssg daemon`, driven by the main process over `process.parentPort`.
import { ssgHome } from '@ssg/node/home';
import { startDaemon } from './daemon';
import { type ParentPortLike, serveDaemonOverPort } from './process/daemon-over-port';

const parent = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (!parent) throw new Error('daemon-process runs as an Electron utilityProcess; use `ssg daemon` elsewhere');
void serveDaemonOverPort(parent, (terminalHost) =>
  startDaemon({ home: ssgHome(), version: process.env.SSG_APP_VERSION ?? 'dev', terminalHost }),
).then(() => process.exit(0));
