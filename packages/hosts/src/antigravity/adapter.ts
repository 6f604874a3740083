// Antigravity: governed through the shell wrapper only (`.ssg/bin/bash` as SHELL); its file tools run inside
// the host and bypass ssg. Calls arrive in the generic format.
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { genericHostAdapter } from '../adapter/generic-host';
import type { DetectableAdapter } from '../adapter/host-detection';

export const ANTIGRAVITY_TOOLS = capabilityMap({
  execute: ['run_command', 'send_command_input', 'bash'],
  read: ['view_file'],
  write: ['write_to_file', 'replace_file_content', 'multi_replace_file_content'],
  search: ['list_dir', 'grep_search'],
  network: ['read_url_content', 'search_web'],
  agent: ['browser_subagent'],
});

export const antigravityAdapter: DetectableAdapter = {
  ...genericHostAdapter('antigravity', { values: { ANTIGRAVITY_AGENT: '1' } }, mappedCapability(ANTIGRAVITY_TOOLS)),
};
