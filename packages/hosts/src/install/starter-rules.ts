// The starter rules every install brings: without a rule file the hooks have nothing to enforce, so `ssg init`
// copies resources/rules/default.rules into the user's rule folder (<SSG_HOME>/rules) when that folder holds no
// .rules file yet. The folder is shared by every host and owned by the user from then on, so uninstall keeps it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ssgHome } from '@ssg/node/home';
import { bundledRulesDir } from '@ssg/node/resources';
import { editFile } from '../config-edit/edit-file';
import type { InstallReport } from './install-report';

const NOTE = 'starter rules; edit them or add your own .rules files beside them';

export function installStarterRules(report: InstallReport, home: string = ssgHome()): void {
  const dir = join(home, 'rules');
  if (existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.rules'))) return;
  const content = readFileSync(join(bundledRulesDir(), 'default.rules'), 'utf8');
  editFile(join(dir, 'default.rules'), () => content, report, NOTE);
}
