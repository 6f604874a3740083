// Opens a URL in the user's browser with the platform's own opener. Best effort by design: on a headless machine,
// in a container or over SSH there is no opener or no display, and the sign-in must go on with the printed URL,
// so a failure is reported to `onFailure` and never thrown.
import { spawn } from 'node:child_process';

export interface OpenerCommand {
  command: string;
  args: string[];
  /** Windows only: the arguments reach cmd.exe as written (quoting and `^` escapes are ours). */
  verbatim?: boolean;
}

/** The command that opens `url` on `platform`. */
export function openerCommand(url: string, platform: NodeJS.Platform): OpenerCommand {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') {
    // `start`'s first quoted argument is a window title; cmd.exe would read `&` in the query as "and then run".
    const escaped = url.replace(/[&|<>^]/g, (char) => `^${char}`);
    return { command: 'cmd.exe', args: ['/d', '/s', '/c', `start "" ${escaped}`], verbatim: true };
  }
  return { command: 'xdg-open', args: [url] };
}

export function openBrowser(
  url: string,
  onFailure: (reason: string) => void,
  platform: NodeJS.Platform = process.platform,
): void {
  const { command, args, verbatim } = openerCommand(url, platform);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: verbatim });
    child.once('error', (error: NodeJS.ErrnoException) =>
      onFailure(error.code === 'ENOENT' ? `${command} is not installed` : error.message),
    );
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) onFailure(`${command} exited with ${code}`);
    });
    child.unref();
  } catch (error) {
    onFailure((error as Error).message);
  }
}
