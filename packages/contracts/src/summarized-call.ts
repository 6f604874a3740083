// A tool call as the daemon shows it to people (audit records, approval requests); the type comes from
// schemas/summarized-call.ts.
export type { SummarizedCall } from './schemas/summarized-call';
