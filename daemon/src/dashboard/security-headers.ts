// The headers every page and asset of the dashboard is sent with: a CSP that allows only the daemon's own origin
// (no inline scripts, no framing, no form posts elsewhere), no MIME sniffing, and no Referer that could carry a
// sign-in ticket to another site.
import type { FastifyReply } from 'fastify';

export const DASHBOARD_CSP = [
  "default-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function setDashboardHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
}
