// Entry of the daemon bundle (cli/dist/daemon.cjs), which `ssg daemon` loads: the CLI never imports the daemon's
// code, it requires this bundle at run time, so the hooks and other commands never pay for fastify or SQLite.
export { startDaemon } from './daemon';
