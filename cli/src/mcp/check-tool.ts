// `ssg_check`: the rule-file lint of `ssg check` (parse errors, lint findings, regexes that do not compile) for
// the rule files under a path and the rules that apply there. Project files are not checked: that walk reads
// every file of the project, too slow and too verbose for a tool call.
import { isAcceptedProjectFile } from '@ssg/node/rules/accepted-project-rules';
import { type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { lintRuleFiles } from '@ssg/engine/node';
import { walkProject } from '../commands/check/walk';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { parseRuleFile } from '@ssg/node/rules/load';
import { describeFsError, ruleFiles } from '@ssg/node/rules/sources';
import { resolveToolPath, type ToolContext } from './tool-context';
import { guarded, jsonResult, ToolInputError } from './tool-result';
import { CORE_TOOLS, MAX_REPORTED_FINDINGS } from '@ssg/hosts/mcp/core-tools';

export function registerCheckTool(server: McpServer, context: ToolContext): void {
  server.registerTool('ssg_check', CORE_TOOLS.ssg_check, ({ path }) =>
    guarded('ssg_check', () => {
      const target = resolveToolPath(context, path);
      let stat: Stats;
      try {
        stat = statSync(target);
      } catch (error) {
        throw new ToolInputError(`path ${target} ${describeFsError(error)} — pass a rule file or a project folder`);
      }
      const projectDir = stat.isDirectory() ? target : dirname(target);
      // The accepted copy of the project's rules is not linted: its live folder, which the walk finds, is.
      const userFiles = ruleFiles({ cwd: projectDir, home: context.home }).filter(
        (file) => !isAcceptedProjectFile(context.home, file),
      );
      const files = [...new Set([...walkProject([target]).ruleFiles, ...userFiles])];
      const diagnostics = lintRuleFiles(files.map((file) => parseRuleFile(file)));
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      return jsonResult({
        rule_files: files.length,
        errors,
        warnings: diagnostics.length - errors,
        findings: diagnostics.slice(0, MAX_REPORTED_FINDINGS).map((d) => formatDiagnostic(d, projectDir)),
        ...(diagnostics.length > MAX_REPORTED_FINDINGS ? { omitted: diagnostics.length - MAX_REPORTED_FINDINGS } : {}),
      });
    }),
  );
}
