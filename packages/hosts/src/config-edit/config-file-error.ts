// A user's configuration file that ssg cannot edit safely (not valid JSON or TOML, or our entry in a form we
// cannot rewrite). The file is never written when this is raised.
export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError';

  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}
