// Session-wide defences from Electron's security checklist: the dashboard's CSP on every response (the daemon sends
// it too; this covers any response that would lack it), and no permission (camera, notifications, geolocation, …)
// for any page, since the dashboard needs none.
import { session } from 'electron';
import { DASHBOARD_CSP } from '@ssg/daemon/security-headers';
import { isDaemonUrl } from '../navigation-policy';

export function hardenSessions(daemonOrigin: string): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (isDaemonUrl(details.url, daemonOrigin)) headers['Content-Security-Policy'] = [DASHBOARD_CSP];
    callback({ responseHeaders: headers });
  });
  ses.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}
