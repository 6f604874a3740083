// The verdicts the daemon reports (audit records, eval answers, live events), as the engine defines them: the
// dashboard names them through the contract, not through the engine.
export { DECISIONS, type Decision } from '@ssg/engine';
