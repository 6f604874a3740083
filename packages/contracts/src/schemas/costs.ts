// GET /api/json/costs/ingestion on the wire: how cost ingestion from the agents' logs is doing. The source of the
// types in ../costs.ts.
import { type Static, Type } from 'typebox';
import { NullableInteger, NullableString } from './json-schema';

export const ScanStats = Type.Object(
  {
    /** Log files that had new bytes. */
    files: Type.Integer(),
    /** New entries the ledger took. */
    entries: Type.Integer(),
    /** Entries the ledger already had (lines read again, a response written on several lines across scans). */
    duplicates: Type.Integer(),
    /** Lines that could not be read (malformed JSON, invalid counts, longer than the line limit). */
    skippedLines: Type.Integer(),
    /** Models the price table does not know, recorded at the conservative estimate. */
    unpricedModels: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

export const IngestionStatus = Type.Object(
  {
    /** The watch and poll are on. */
    running: Type.Boolean(),
    sources: Type.Array(
      Type.Object({ client: Type.String(), roots: Type.Array(Type.String()) }, { additionalProperties: false }),
    ),
    /** Log files whose read position is kept. */
    trackedFiles: Type.Integer(),
    lastScanAt: NullableInteger(),
    lastScan: Type.Union([ScanStats, Type.Null()]),
    /** Every scan since the daemon started, added up. */
    sinceStart: ScanStats,
    /** The last problem a scan met (a file it could not read, the ledger refusing a write); null once one succeeds. */
    lastError: NullableString(),
  },
  { additionalProperties: false },
);

export type ScanStats = Static<typeof ScanStats>;
export type IngestionStatus = Static<typeof IngestionStatus>;
