// OpenCode, in three layers: its own `permission` maps in opencode.json (derived from the project's DENY/ASK
// rules, enforced by OpenCode itself) next to ssg's MCP server; the ssg plugin in .opencode/plugins/, which
// judges every tool call with the full rules; and the governance instruction in AGENTS.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pluginFilePath } from '@ssg/node/resources';
import { ssgHome } from '@ssg/node/home';
import { licensePath, readLicenseToken } from '@ssg/node/license/active-license';
import { LicenseError } from '@ssg/node/license/license-token';
import { parseRuleFile } from '@ssg/node/rules/load';
import { rulesFilesIn } from '@ssg/node/rules/sources';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editFile } from '../config-edit/edit-file';
import type { InstallReport } from '../install/install-report';
import { editJsonFile, isJsonObject, type JsonObject, parseJsonObject } from '../config-edit/json-config';
import { withMarkdownBlock, withoutMarkdownBlock } from '../config-edit/markdown-block';
import { MCP_SERVER_NAME } from '../install/mcp-server-entry';
import {
  addPermissions,
  type PermissionMaps,
  removePermissions,
  transpilePermissions,
  type TranspiledPermissions,
} from './permission';
import { governancePrompt } from '../install/governance-prompt';

export const OPENCODE_SERVER = {
  type: 'local',
  command: ['ssg', 'mcp-server'],
  environment: { SSG_CLIENT: 'opencode' },
  enabled: true,
};

/** The project's OpenCode config: opencode.json, or opencode.jsonc when only that one exists (OpenCode reads both). */
function configPath(target: InstallTarget): string {
  const json = join(target.projectDir, 'opencode.json');
  const jsonc = join(target.projectDir, 'opencode.jsonc');
  return !existsSync(json) && existsSync(jsonc) ? jsonc : json;
}
/** Which permission entries ssg wrote into opencode.json, so a re-run replaces them and uninstall removes them. */
const permissionRecord = (target: InstallTarget): string => join(target.projectDir, '.ssg', 'opencode-permission.json');
const pluginPath = (target: InstallTarget): string =>
  join(target.projectDir, '.opencode', 'plugins', 'ssg-governance.js');
const agentsPath = (target: InstallTarget): string => join(target.projectDir, 'AGENTS.md');

const pluginContent = (): string => readFileSync(pluginFilePath('opencode'), 'utf8');

function projectPermissions(target: InstallTarget): TranspiledPermissions {
  const dir = join(target.projectDir, '.ssg', 'rules');
  const rules = existsSync(dir) ? rulesFilesIn(dir).flatMap((file) => parseRuleFile(file).rules) : [];
  return transpilePermissions(rules);
}

function readRecord(path: string): PermissionMaps {
  if (!existsSync(path)) return {};
  const record = parseJsonObject(path, readFileSync(path, 'utf8'));
  for (const entries of Object.values(record)) {
    if (!isJsonObject(entries)) throw new ConfigFileError(path, 'not a record ssg wrote; delete it, then retry');
  }
  return record as PermissionMaps;
}

function setServer(config: JsonObject): void {
  if (config.mcp !== undefined && !isJsonObject(config.mcp)) throw new TypeError('"mcp" is not an object');
  const servers = (config.mcp ??= {}) as JsonObject;
  servers[MCP_SERVER_NAME] = OPENCODE_SERVER;
}

function removeServer(config: JsonObject): void {
  if (!isJsonObject(config.mcp)) return;
  delete config.mcp[MCP_SERVER_NAME];
  if (Object.keys(config.mcp).length === 0) delete config.mcp;
}

/** Rewrites opencode.json: our server, and our permission entries replaced by `wanted`; records what went in. */
function editConfig(target: InstallTarget, wanted: PermissionMaps | undefined, report: InstallReport): void {
  const record = permissionRecord(target);
  const previous = readRecord(record);
  let written: PermissionMaps = {};
  editJsonFile(
    configPath(target),
    (config) => {
      removePermissions(config, previous);
      if (wanted === undefined) removeServer(config);
      else {
        setServer(config);
        written = addPermissions(config, wanted);
      }
    },
    report,
    `MCP server ${MCP_SERVER_NAME}, permission entries from the project's rules`,
  );
  editJsonFile(
    record,
    (content) => {
      for (const key of Object.keys(content)) delete content[key];
      Object.assign(content, written);
    },
    report,
    'the permission entries ssg wrote into opencode.json',
  );
}

/** Why there is no licence for the plugin's hook to verify (the SSO sign-in's or license.jwt), or undefined. */
function missingLicence(): string | undefined {
  try {
    readLicenseToken(ssgHome());
    return undefined;
  } catch (error) {
    if (!(error instanceof LicenseError)) throw error;
    return error.message;
  }
}

export const opencodeInstaller: AdapterInstaller = {
  install(target, report) {
    const permissions = projectPermissions(target);
    editConfig(target, permissions.maps, report);
    const plugin = pluginContent();
    editFile(pluginPath(target), () => plugin, report, 'ssg plugin (`ssg plugins emit opencode`)');
    editFile(
      agentsPath(target),
      (current) => withMarkdownBlock(current, governancePrompt('every tool call')),
      report,
      'governance block',
    );
    if (permissions.skipped > 0) {
      report.addManualStep(
        `${permissions.skipped} DENY/ASK rule(s) have no exact OpenCode permission pattern; the ssg plugin enforces them.`,
      );
    }
    if (missingLicence() !== undefined) {
      report.addManualStep(
        `The plugin needs an active ssg license (ssg auth login --sso, or one at ${licensePath(ssgHome())}); ` +
          'without one it blocks every call.',
      );
    }
    report.addManualStep('Restart OpenCode in this project (plugins and configuration load at start-up).');
  },
  uninstall(target, report) {
    editConfig(target, undefined, report);
    const plugin = pluginContent();
    const path = pluginPath(target);
    if (existsSync(path)) {
      if (readFileSync(path, 'utf8') === plugin) editFile(path, () => undefined, report, 'ssg plugin');
      else report.record(path, 'kept', 'changed since ssg wrote it');
    }
    editFile(agentsPath(target), withoutMarkdownBlock, report, 'governance block');
  },
  problems(target) {
    const problems: string[] = [];
    const config = configPath(target);
    try {
      const parsed = existsSync(config) ? parseJsonObject(config, readFileSync(config, 'utf8')) : {};
      if (!isJsonObject(parsed.mcp) || !isJsonObject(parsed.mcp[MCP_SERVER_NAME])) {
        problems.push(`${config} has no MCP server ${MCP_SERVER_NAME}`);
      }
    } catch (error) {
      problems.push(error instanceof ConfigFileError ? error.message : `${config}: ${(error as Error).message}`);
    }
    const plugin = pluginPath(target);
    if (!existsSync(plugin)) problems.push(`${plugin} does not exist`);
    else if (readFileSync(plugin, 'utf8') !== pluginContent()) {
      problems.push(`${plugin} differs from the plugin this ssg ships (run ssg init again)`);
    }
    const licence = missingLicence();
    if (licence !== undefined) problems.push(`no ssg license: ${licence}`);
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so the plugin cannot judge calls');
    return problems;
  },
};
