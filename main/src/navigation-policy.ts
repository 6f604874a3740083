// Where the desktop window may go, and who may talk to the main process. The window only ever shows the daemon's
// dashboard; anything else is either opened in the user's browser (a plain http(s) link) or refused. Electron's
// security checklist asks for these guards because a renderer that navigates elsewhere, or an IPC message from a
// frame that is not ours, would get whatever the main process grants.

/** True when `url` is on exactly the daemon's origin (scheme, host and port), e.g. http://127.0.0.1:5599. */
export function isDaemonUrl(url: string, daemonOrigin: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== undefined && parsed.origin === new URL(daemonOrigin).origin;
}

/**
 * A link the window declined to open itself, to hand to the user's browser: only http and https, with no
 * credentials in it (never file:, javascript:, custom app schemes, or smb: that leak NTLM hashes on Windows).
 * Returns the normalised url, or undefined to drop the link.
 */
export function externalLinkTarget(url: string): string | undefined {
  const parsed = parseUrl(url);
  if (parsed === undefined) return undefined;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  return parsed.href;
}

/** An IPC sender is trusted only when its frame shows the daemon's dashboard (not an iframe or other page). */
export function isTrustedSender(senderFrameUrl: string | undefined, daemonOrigin: string): boolean {
  return senderFrameUrl !== undefined && isDaemonUrl(senderFrameUrl, daemonOrigin);
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
