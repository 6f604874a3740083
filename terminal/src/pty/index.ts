export { PtySession, type PtySessionOptions } from './pty-session';
