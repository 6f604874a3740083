// The page a browser gets when its sign-in fails (routes/oidc-login.ts calls this for navigations, and answers
// API clients in JSON as before): the dashboard's look and headers, the spec's message, a link to try again.
import type { FastifyReply } from 'fastify';
import { signInFailedPage } from './pages';
import { setDashboardHeaders } from './security-headers';

export function sendSignInFailure(reply: FastifyReply, status: number, message: string, orgId: string): FastifyReply {
  return setDashboardHeaders(reply, 'page')
    .code(status)
    .type('text/html; charset=utf-8')
    .send(signInFailedPage(status, message, orgId));
}
