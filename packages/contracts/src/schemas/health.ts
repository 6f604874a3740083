// GET /api/json/health on the wire: the source of the type in ../health.ts.
import { type Static, Type } from 'typebox';

export const Health = Type.Object({
  ok: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.String()),
  pid: Type.Optional(Type.Integer()),
  startedAt: Type.Optional(Type.Integer()),
});

export type Health = Static<typeof Health>;
