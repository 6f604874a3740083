// GET /api/json/health on the wire: the source of the type in ../health.ts.
import { type Static, Type } from 'typebox';

export const Health = Type.Object({
  ok: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.String()),
  pid: Type.Optional(Type.Integer()),
  startedAt: Type.Optional(Type.Integer()),
  /** What of the regex time bounds does not hold in the daemon's runtime (@ssg/engine/node's self-test); absent when they hold. */
  regexBoundsProblem: Type.Optional(Type.String()),
});

export type Health = Static<typeof Health>;
