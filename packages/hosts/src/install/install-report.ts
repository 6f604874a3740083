// What `ssg init` and `ssg uninstall` did, file by file, and what is left for the user to do by hand. Installers
// record into it as they go; the commands print it.

import type { FileAction, FileChange } from '@ssg/contracts/dashboard';

export class InstallReport {
  readonly files: FileChange[] = [];
  readonly manualSteps: string[] = [];

  record(path: string, action: FileAction, note: string): void {
    this.files.push({ path, action, note });
  }

  addManualStep(step: string): void {
    if (!this.manualSteps.includes(step)) this.manualSteps.push(step);
  }

  /** Whether any file was written or removed. */
  get changed(): boolean {
    return this.files.some((file) => file.action !== 'unchanged' && file.action !== 'kept');
  }

  render(): string {
    const width = Math.max(0, ...this.files.map((file) => file.action.length));
    const lines = this.files.map(
      (file) => `  ${file.action.padEnd(width)}  ${file.path}${file.note ? ` — ${file.note}` : ''}`,
    );
    if (this.manualSteps.length > 0) {
      lines.push('', 'Manual steps:', ...this.manualSteps.map((step, index) => `  ${index + 1}. ${step}`));
    }
    return `${lines.join('\n')}\n`;
  }
}
