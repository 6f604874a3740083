// The IPC channel names and payloads shared by the main process and the preload bridge (no Electron import: the
// preload bundle stays tiny).
export const APP_INFO_CHANNEL = 'ssg:app-info';

export interface AppInfo {
  version: string;
  platform: string;
}
