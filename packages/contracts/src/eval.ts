// The hooks' route (POST /api/json/eval): its path and types. The hook has already parsed its host's payload
// with the host's adapter, so the daemon receives the engine's ToolCall and answers with the engine's EvalResult
// plus what only the daemon knows. The types come from schemas/eval.ts; this module loads no schema library, so
// the hook imports it at no start-up cost.
export const EVAL_PATH = '/api/json/eval';

export type { DecidedBy, EvalRequest, EvalResponse } from './schemas/eval';
