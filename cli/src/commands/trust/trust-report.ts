// The text `ssg trust --status` prints: one line for the state, then what the person can do about it.
import type { ProjectRulesState } from '@ssg/node/rules/project-trust';

export function renderTrustState(state: ProjectRulesState): string {
  switch (state.state) {
    case 'none':
      return 'No project rules here: only your rules (~/.ssg/rules/) apply.\n';
    case 'untrusted':
      return (
        `Not accepted: the rules in ${state.folder} do not apply.\n` +
        'Run `ssg trust` in the project to review and accept them.\n'
      );
    case 'accepted':
      return `Accepted on ${state.record.acceptedAt}: the ${state.record.files.length} rule file(s) in ${state.folder} apply.\n`;
    case 'changed':
      return (
        `Changed since accepted: ${state.folder} differs from (or no longer holds) the version accepted on ` +
        `${state.record.acceptedAt}, which still applies.\n` +
        'Run `ssg trust` to accept the current files, or `ssg trust --revoke` to stop applying them.\n'
      );
  }
}
