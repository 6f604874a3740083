// Grok bot: ssg's MCP server in the project's .grok/mcp.json — the local stdio server
// (`ssg mcp-server --client=grok-bot`) when `ssg` is on PATH, and the hosted server as a fallback, which
// authenticates with the license key in SSG_LICENSE_KEY — and the plugin's skill, `ssg-guardrails`
// (resources/plugins/grok-bot/SKILL.md: evaluate every call; fail closed when ssg cannot answer for destructive,
// secret, irreversible or rule-mutating actions; never touch rules) in .grok/skills/ssg-guardrails/SKILL.md.
// Which files Grok reads is not documented anywhere we know of: both paths are assumptions to verify against the
// plugin host; `ssg plugins emit grok-bot` prints the skill for installing it by hand.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { editJsonFile, isJsonObject, type JsonObject } from '../config-edit/json-config';
import { readFileSync } from 'node:fs';
import { pluginFilePath } from '@ssg/node/resources';
import { editFile } from '../config-edit/edit-file';
import { jsonEntryProblem, textEntryProblem } from '../install/artifact-state';
import { hostedMcpUrl, LICENSE_KEY_VARIABLE } from '../install/hosted-mcp';

export const GROK_LOCAL_SERVER = 'ssg-governance-grok-bot';
export const GROK_HOSTED_SERVER = 'ssg-governance-grok-bot-hosted';

/** The client pin is `--client=grok-bot`: `grok` is not an adapter name. */
export const grokLocalServer = { command: 'ssg', args: ['mcp-server', '--client=grok-bot'] };

export const grokHostedServer = (mcpUrl: string) => ({
  url: `${mcpUrl}/mcp`,
  // Left for the host to expand, so the key never lands in a project file.
  headers: { Authorization: `Bearer \${${LICENSE_KEY_VARIABLE}}` },
});

const configPath = (target: InstallTarget): string => join(target.projectDir, '.grok', 'mcp.json');
const skillPath = (target: InstallTarget): string =>
  join(target.projectDir, '.grok', 'skills', GROK_PLUGIN_ID, 'SKILL.md');

/** The spec's plugin id, `<service>-guardrails`. */
export const GROK_PLUGIN_ID = 'ssg-guardrails';
const skillNote = `the ${GROK_PLUGIN_ID} skill`;

function serversOf(config: JsonObject): JsonObject {
  if (config.mcpServers !== undefined && !isJsonObject(config.mcpServers)) {
    throw new TypeError('"mcpServers" is not an object');
  }
  return (config.mcpServers ??= {}) as JsonObject;
}

function removeServers(config: JsonObject): void {
  const servers = config.mcpServers;
  if (!isJsonObject(servers)) return;
  delete servers[GROK_LOCAL_SERVER];
  delete servers[GROK_HOSTED_SERVER];
  if (Object.keys(servers).length === 0) delete config.mcpServers;
}

const hasServer =
  (name: string) =>
  (config: JsonObject): boolean =>
    isJsonObject(config.mcpServers) && isJsonObject(config.mcpServers[name]);

export const grokBotInstaller: AdapterInstaller = {
  install(target, report) {
    const hosted = grokHostedServer(hostedMcpUrl());
    // Without `ssg` on PATH the local entry could not start; a local entry already there is left for the user.
    const local = commandOnPath('ssg');
    editJsonFile(
      configPath(target),
      (config) => {
        const servers = serversOf(config);
        if (local) servers[GROK_LOCAL_SERVER] = grokLocalServer;
        servers[GROK_HOSTED_SERVER] = hosted;
      },
      report,
      local
        ? `mcpServers.${GROK_LOCAL_SERVER} (local) and .${GROK_HOSTED_SERVER} (fallback)`
        : `mcpServers.${GROK_HOSTED_SERVER}`,
    );
    report.addManualStep(
      `Set ${LICENSE_KEY_VARIABLE} to your license key where Grok runs (export ${LICENSE_KEY_VARIABLE}=…): the hosted server needs it.`,
    );
    // The skill file is ssg's alone: install keeps it current, uninstall deletes it.
    const skill = readFileSync(pluginFilePath('grok-bot'), 'utf8');
    editFile(skillPath(target), () => skill, report, skillNote);
    report.addManualStep('Restart Grok so it loads the MCP servers.');
  },
  uninstall(target, report) {
    editFile(skillPath(target), () => undefined, report, skillNote);
    editJsonFile(
      configPath(target),
      removeServers,
      report,
      `mcpServers.${GROK_LOCAL_SERVER} and .${GROK_HOSTED_SERVER}`,
    );
  },
  problems(target) {
    const path = configPath(target);
    const hostedProblem = jsonEntryProblem(path, hasServer(GROK_HOSTED_SERVER), `mcpServers.${GROK_HOSTED_SERVER}`);
    const problems = hostedProblem === undefined ? [] : [hostedProblem];
    const skillProblem = textEntryProblem(skillPath(target), `name: ${GROK_PLUGIN_ID}`, skillNote);
    if (skillProblem !== undefined) problems.push(skillProblem);
    const localWired =
      jsonEntryProblem(path, hasServer(GROK_LOCAL_SERVER), GROK_LOCAL_SERVER) === undefined && commandOnPath('ssg');
    if (!localWired && !process.env[LICENSE_KEY_VARIABLE]) {
      problems.push(
        `no local ${GROK_LOCAL_SERVER} server with \`ssg\` on PATH, and ${LICENSE_KEY_VARIABLE} is not set for the hosted one`,
      );
    }
    return problems;
  },
};
