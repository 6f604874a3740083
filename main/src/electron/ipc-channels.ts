// The IPC channel names and payloads shared by the main process and the preload bridge (no Electron import: the
// preload bundle stays tiny).
export const APP_INFO_CHANNEL = 'ssg:app-info';
/** Opens the fleet sign-in window on the daemon's waiting login. */
export const FLEET_SIGN_IN_CHANNEL = 'ssg:fleet-sign-in';

export type { DesktopAppInfo as AppInfo } from '@ssg/contracts/desktop-bridge';
