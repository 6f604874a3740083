// Sleep at Night on the wire (GET and POST /api/json/sleep-mode): the schemas the daemon validates and serializes
// with, and the source of the types in ../sleep-mode.ts. docs/daemon-api.md describes every field.
import { type Static, Type } from 'typebox';
import { MAX_SLEEP_MS } from '../sleep-mode';
import { NullableInteger, StringEnum } from './json-schema';

export const SleepModeRequest = Type.Object(
  {
    enabled: Type.Boolean(),
    /** Arms for this long (1 to MAX_SLEEP_MS ms), then turns off by itself; absent: until turned off. */
    forMs: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SLEEP_MS })),
  },
  { additionalProperties: false },
);

/** A layer that is a file in the ssg home: `active` says whether the file is there now. */
const SleepFileLayer = Type.Object({ active: Type.Boolean(), file: Type.String() });

export const SleepLayers = Type.Object({
  /** The bundled Sleep at Night rules, copied into `<home>/rules/`. */
  rules: Type.Object({ active: Type.Boolean(), rules: Type.Integer(), file: Type.String() }),
  /** The bundled self-preservation rules; once armed they stay when Sleep at Night is turned off. */
  selfProtection: SleepFileLayer,
  /** The sentinel that makes hooks block calls while the daemon is unreachable. */
  failClosed: SleepFileLayer,
  /** The daemon reloads rule files as they change on disk. */
  watch: Type.Object({ active: Type.Boolean() }),
  /** Layers of the spec's other daemon that ssg does not have: always 0 and false. */
  instructionFiles: Type.Unsafe<0>({ type: 'integer', const: 0 }),
  memory: Type.Unsafe<false>({ type: 'boolean', const: false }),
});

export const SleepModeResponse = Type.Object({
  enabled: Type.Boolean(),
  mode: StringEnum(['off', 'indefinite', 'timed']),
  /** When protection started (ms since the epoch); null when off, or when the state file is corrupt. */
  since: NullableInteger(),
  /** When a timed Sleep at Night ends; null otherwise. */
  until: NullableInteger(),
  remainingMs: NullableInteger(),
  layers: SleepLayers,
  /** Why the state is not what sleep-mode.json says (a corrupt file is treated as armed until a new POST). */
  problem: Type.Optional(Type.String()),
});

export type SleepModeRequest = Static<typeof SleepModeRequest>;
export type SleepLayers = Static<typeof SleepLayers>;
export type SleepModeResponse = Static<typeof SleepModeResponse>;
