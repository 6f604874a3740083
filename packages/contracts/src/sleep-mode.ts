// Sleep at Night's path, limit and types (GET and POST /api/json/sleep-mode), shared by the daemon's route, `ssg
// sleep`, the desktop app and the dashboard. The types come from the schemas in schemas/sleep-mode.ts; this
// module loads no schema library, so a hook or the CLI can import it at no start-up cost.
import type { SleepLayers, SleepModeResponse } from './schemas/sleep-mode';

export const SLEEP_MODE_PATH = '/api/json/sleep-mode';

/** The longest timed Sleep at Night the spec allows: 30 days in milliseconds. */
export const MAX_SLEEP_MS = 2_592_000_000;

export type SleepModeName = SleepModeResponse['mode'];
export type SleepFileLayer = SleepLayers['selfProtection'];
export type { SleepLayers, SleepModeRequest, SleepModeResponse } from './schemas/sleep-mode';
