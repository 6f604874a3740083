// The only IPC the preload bridge uses: the app's version for the dashboard's footer. Every handler checks that
// the message comes from the daemon's dashboard frame, so a page that somehow got into a frame cannot call it.
import { app, ipcMain } from 'electron';
import { isTrustedSender } from '../navigation-policy';
import { APP_INFO_CHANNEL, type AppInfo } from './ipc-channels';

export function registerIpc(daemonOrigin: string): void {
  ipcMain.handle(APP_INFO_CHANNEL, (event): AppInfo => {
    if (!isTrustedSender(event.senderFrame?.url, daemonOrigin)) throw new Error('refused: not the ssg dashboard');
    return { version: app.getVersion(), platform: process.platform };
  });
}
