// A tool call as the daemon shows it to people: which tool of which client, where, and its input in short. The
// audit log's records and the approval queue's requests both carry one; every text in it was redacted first.
// Spread into their schemas, in the order the fields are sent.
import { CAPABILITIES } from '@ssg/engine';
import { type Static, Type } from 'typebox';
import { StringEnum } from './json-schema';

export const SummarizedCallProperties = {
  tool: Type.String(),
  capability: StringEnum(CAPABILITIES),
  client: Type.String(),
  sessionId: Type.Optional(Type.String()),
  cwd: Type.Optional(Type.String()),
  /** The call's input in short (see daemon/src/audit/input-summary.ts), redacted. */
  summary: Type.String(),
};

export const SummarizedCall = Type.Object(SummarizedCallProperties);
export type SummarizedCall = Static<typeof SummarizedCall>;
