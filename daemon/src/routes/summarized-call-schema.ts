// The JSON schema of a SummarizedCall (packages/contracts/src/summarized-call.ts), spread into the response schemas
// of the audit and approval routes, in the order the fields are sent.
import { CAPABILITIES } from '@ssg/engine';

export const summarizedCallProperties = {
  tool: { type: 'string' },
  capability: { type: 'string', enum: CAPABILITIES },
  client: { type: 'string' },
  sessionId: { type: 'string' },
  cwd: { type: 'string' },
  summary: { type: 'string' },
} as const;

export const summarizedCallRequired = ['tool', 'capability', 'client', 'summary'] as const;
