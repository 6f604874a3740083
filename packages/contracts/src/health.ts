// GET /api/json/health: whether a daemon answers here. Public, so `ssg doctor` and hooks can probe without the
// token; it says nothing a local process could not learn from `ps`. The type comes from schemas/health.ts.
export const HEALTH_PATH = '/api/json/health';

export type { Health } from './schemas/health';
