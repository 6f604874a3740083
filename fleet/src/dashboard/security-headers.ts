// What every dashboard answer is sent with: a CSP that lets the page load only the fleet's own script, style sheet
// and API (no inline script or style, no framing, forms posted only here), no MIME sniffing, no Referer to another
// site (a page's URL names the organization; `no-referrer` would also make a form's Origin `null`, and the fleet
// refuses a cookie's POST without its own Origin), and pages never cached (signed out, the back button shows none).
import type { FastifyReply } from 'fastify';

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function setDashboardHeaders(reply: FastifyReply, cache: 'page' | 'asset'): FastifyReply {
  return reply
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', cache === 'page' ? 'no-store' : 'no-cache');
}
