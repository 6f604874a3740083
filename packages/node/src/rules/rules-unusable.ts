// Rule files that exist in the configuration but cannot be read: a `--rules` path that is missing, a folder
// or file without read permission. (Parse errors are different: they are diagnostics, and loading goes on.)
export class RulesUnusableError extends Error {
  override readonly name = 'RulesUnusableError';
}
