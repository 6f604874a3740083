// ssg's hosted MCP server, for hosts that cannot start a local `ssg` (Replit) or fall back to it (grok-bot).
// Its address is SSG_MCP_URL when set, so self-hosted fleets and tests point elsewhere.
import { ConfigFileError } from '../config-edit/config-file-error';

export const DEFAULT_MCP_URL = 'https://mcp.ssg.dev';

/** The hosted server's base address, without a trailing slash; a value that is not an http(s) URL is refused. */
export function hostedMcpUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SSG_MCP_URL || DEFAULT_MCP_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigFileError(
      'SSG_MCP_URL',
      `${JSON.stringify(raw.slice(0, 200))} is not a URL; set an https:// address`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigFileError('SSG_MCP_URL', `${url.protocol} is not http(s); set an https:// address`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Hosted setup reads the license key from this variable (spec: Authorization: Bearer <LICENSE_KEY>). */
export const LICENSE_KEY_VARIABLE = 'SSG_LICENSE_KEY';
