export { HostRequestError, TerminalHost, type TerminalHostOptions } from './terminal-host';
export { DEFAULT_TERMINAL_SETTINGS, terminalSettingsPath } from './terminal-settings-file';
