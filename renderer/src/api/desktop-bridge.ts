// The desktop app's preload bridge (`window.ssgDesktop`, @ssg/contracts/desktop-bridge), when the page runs in the
// app; undefined in a browser tab. The page uses it only for what a tab cannot do itself, like the app's own fleet
// sign-in window.
import type { DesktopBridge } from '@ssg/contracts/desktop-bridge';

declare global {
  interface Window {
    ssgDesktop?: Partial<DesktopBridge>;
  }
}

export function desktopBridge(): Partial<DesktopBridge> | undefined {
  return window.ssgDesktop;
}
