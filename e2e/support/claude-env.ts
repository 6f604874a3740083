// The environment the real Claude Code runs with in these tests: the fake Messages API, a config folder in the
// workspace, nothing that phones home or updates itself.
export function claudeEnv(
  apiUrl: string,
  configDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: 'sk-ant-e2e-fake',
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ...extra,
  };
}
