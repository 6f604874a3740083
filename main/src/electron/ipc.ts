// The IPC the preload bridge uses: the app's version for the dashboard's footer, and opening the fleet sign-in
// window. Every handler checks that the message comes from the daemon's dashboard frame, so a page that somehow
// got into a frame cannot call it. The fleet window takes no argument from the page: what it opens comes from
// the daemon (the login waiting there).
import { app, ipcMain } from 'electron';
import { isTrustedSender } from '../navigation-policy';
import { APP_INFO_CHANNEL, type AppInfo, FLEET_SIGN_IN_CHANNEL } from './ipc-channels';

export interface IpcActions {
  openFleetSignIn(): Promise<void>;
}

export function registerIpc(daemonOrigin: string, actions: IpcActions): void {
  const checkSender = (senderFrameUrl: string | undefined) => {
    if (!isTrustedSender(senderFrameUrl, daemonOrigin)) throw new Error('refused: not the ssg dashboard');
  };
  ipcMain.handle(APP_INFO_CHANNEL, (event): AppInfo => {
    checkSender(event.senderFrame?.url);
    return { version: app.getVersion(), platform: process.platform };
  });
  ipcMain.handle(FLEET_SIGN_IN_CHANNEL, async (event): Promise<void> => {
    checkSender(event.senderFrame?.url);
    await actions.openFleetSignIn();
  });
}
