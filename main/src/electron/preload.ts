// The preload bridge: the dashboard runs in a sandboxed, context-isolated page with no Node, and this is all it
// gets from the desktop shell: a way to learn it runs in the app, and which version, and the app's fleet sign-in
// window. Nothing that reads files, runs commands or reaches the token: the dashboard talks to the daemon over
// HTTP like any browser.
import type { DesktopBridge } from '@ssg/contracts/desktop-bridge';
import { contextBridge, ipcRenderer } from 'electron';
import { APP_INFO_CHANNEL, type AppInfo, FLEET_SIGN_IN_CHANNEL } from './ipc-channels';

const bridge: DesktopBridge = {
  appInfo: () => ipcRenderer.invoke(APP_INFO_CHANNEL) as Promise<AppInfo>,
  openFleetSignIn: async () => {
    await ipcRenderer.invoke(FLEET_SIGN_IN_CHANNEL);
  },
};

contextBridge.exposeInMainWorld('ssgDesktop', bridge);
