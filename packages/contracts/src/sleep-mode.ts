// The wire format of Sleep at Night (GET and POST /api/json/sleep-mode), shared by the daemon's route and
// `ssg sleep`. docs/daemon-api.md describes every field.

export const SLEEP_MODE_PATH = '/api/json/sleep-mode';

/** The longest timed Sleep at Night the spec allows: 30 days in milliseconds. */
export const MAX_SLEEP_MS = 2_592_000_000;

export interface SleepModeRequest {
  enabled: boolean;
  /** Arms for this long (1 to MAX_SLEEP_MS ms), then turns off by itself; absent: until turned off. */
  forMs?: number;
}

export type SleepModeName = 'off' | 'indefinite' | 'timed';

/** A layer that is a file in the ssg home: `active` says whether the file is there now. */
export interface SleepFileLayer {
  active: boolean;
  file: string;
}

export interface SleepLayers {
  /** The bundled Sleep at Night rules, copied into `<home>/rules/`. */
  rules: SleepFileLayer & { rules: number };
  /** The bundled self-preservation rules; once armed they stay when Sleep at Night is turned off. */
  selfProtection: SleepFileLayer;
  /** The sentinel that makes hooks block calls while the daemon is unreachable. */
  failClosed: SleepFileLayer;
  /** The daemon reloads rule files as they change on disk. */
  watch: { active: boolean };
  /** Layers of the spec's other daemon that ssg does not have: always 0 and false. */
  instructionFiles: 0;
  memory: false;
}

export interface SleepModeResponse {
  enabled: boolean;
  mode: SleepModeName;
  /** When protection started (ms since the epoch); null when off, or when the state file is corrupt. */
  since: number | null;
  /** When a timed Sleep at Night ends; null otherwise. */
  until: number | null;
  remainingMs: number | null;
  layers: SleepLayers;
  /** Why the state is not what sleep-mode.json says (a corrupt file is treated as armed until a new POST). */
  problem?: string;
}
