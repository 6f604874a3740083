// The preload bridge: the dashboard runs in a sandboxed, context-isolated page with no Node, and this is all it
// gets from the desktop shell: a way to learn it runs in the app, and which version. Nothing that reads files,
// runs commands or reaches the token: the dashboard talks to the daemon over HTTP like any browser.
import { contextBridge, ipcRenderer } from 'electron';
import { APP_INFO_CHANNEL, type AppInfo } from './ipc-channels';

contextBridge.exposeInMainWorld('ssgDesktop', {
  appInfo: (): Promise<AppInfo> => ipcRenderer.invoke(APP_INFO_CHANNEL) as Promise<AppInfo>,
});
