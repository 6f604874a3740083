// Which hub to talk to: `--hub <url>`, else SSG_HUB_URL, else ours. Our hub will be served by the fleet server,
// which does not exist yet; the default is the URL it will have (docs/hub.md).
import { usageError } from '../cli/errors';
import { hubError } from './hub-error';

export const DEFAULT_HUB_URL = 'https://fleet.ssg.dev/hub/';

/** The hub's base URL, always ending in "/" so that relative paths resolve inside it. */
export function resolveHubUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): URL {
  const raw = flag ?? (env.SSG_HUB_URL || DEFAULT_HUB_URL);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`hub URL '${raw}' is not a URL`, 'pass an http(s) URL, e.g. --hub https://hub.example.com/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usageError(`hub URL '${raw}' is not http(s)`, 'pass an http(s) URL, e.g. --hub https://hub.example.com/');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

export const manifestUrl = (hub: URL): URL => new URL('manifest.json', hub);

/**
 * Where a ruleset's `rules_path` points, relative to the hub. A path that leads to another host is refused:
 * the signature would catch altered content, but a manifest must not make the CLI fetch from arbitrary hosts.
 */
export function rulesUrl(hub: URL, rulesPath: string, rulesetId: string): URL {
  const url = new URL(rulesPath, hub);
  if (url.origin !== hub.origin)
    throw hubError(
      `ruleset ${rulesetId}: rules_path '${rulesPath}' points outside the hub (${url.origin})`,
      'the hub manifest is wrong; report it to whoever runs the hub',
    );
  return url;
}
