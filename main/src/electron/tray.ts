// The tray (menu-bar) icon and its menu, rebuilt from ../tray-menu.ts's model whenever the state changes.
import { join } from 'node:path';
import { app, Menu, type MenuItemConstructorOptions, nativeImage, Tray } from 'electron';
import { buildTrayMenu, type TrayAction, type TrayItem, type TrayState, trayTooltip } from '../tray-menu';

export interface AppTray {
  render(state: TrayState, run: (action: TrayAction) => void): void;
  onOpen(listener: () => void): void;
}

export function createTray(): AppTray {
  const iconDir = app.isPackaged
    ? join(process.resourcesPath, 'icons')
    : join(__dirname, '..', '..', 'resources', 'icons');
  // macOS wants a small template image in the menu bar; elsewhere the 32 px colour icon reads well.
  const icon = nativeImage.createFromPath(
    join(iconDir, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'),
  );
  const tray = new Tray(icon);
  return {
    render(state, run) {
      tray.setToolTip(trayTooltip(state));
      tray.setContextMenu(Menu.buildFromTemplate(buildTrayMenu(state).map((item) => toElectron(item, run))));
    },
    onOpen(listener) {
      tray.on('click', listener);
      tray.on('right-click', listener);
    },
  };
}

function toElectron(item: TrayItem, run: (action: TrayAction) => void): MenuItemConstructorOptions {
  switch (item.type) {
    case 'separator':
      return { type: 'separator' };
    case 'label':
      return { label: item.label, enabled: false };
    case 'action':
      return { label: item.label, click: () => run(item.action) };
    case 'submenu':
      return { label: item.label, submenu: item.items.map((child) => toElectron(child, run)) };
  }
}
