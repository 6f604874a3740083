// Test support: budget documents that must be refused, each with the field the refusal must name. The config
// validator's tests and the route's tests both run the whole table, which proves the JSON schema (route) and
// parseBudgetConfig (route and file) refuse the same documents with the same words.

export interface InvalidBudgetDocument {
  name: string;
  /** The document as JSON text (some values, like 1e999, exist only as text). */
  json: string;
  /** What the refusal message must contain: the field, and what is wrong with it. */
  message: RegExp;
}

const hostileKey = '\u202e"; rm -rf / #\u0000';

export const INVALID_BUDGET_DOCUMENTS: readonly InvalidBudgetDocument[] = [
  { name: 'an array', json: '[]', message: /the budget must be a JSON object/ },
  { name: 'a string', json: '"enforce"', message: /the budget must be a JSON object/ },
  { name: 'null', json: 'null', message: /the budget must be a JSON object/ },
  { name: 'an unknown top-level field', json: '{"mode":"warn","limits":{}}', message: /unknown field "limits"/ },
  { name: 'mode not a mode', json: '{"mode":"block"}', message: /mode must be one of off, monitor, warn, enforce/ },
  { name: 'mode in capitals', json: '{"mode":"ENFORCE"}', message: /mode must be one of/ },
  { name: 'mode a number', json: '{"mode":3}', message: /mode must be one of/ },
  { name: 'mode null', json: '{"mode":null}', message: /mode must be one of/ },
  { name: 'warnAtPct 0', json: '{"warnAtPct":0}', message: /warnAtPct must be a fraction above 0 and at most 1/ },
  { name: 'warnAtPct above 1', json: '{"warnAtPct":80}', message: /warnAtPct must be a fraction/ },
  { name: 'warnAtPct negative', json: '{"warnAtPct":-0.5}', message: /warnAtPct must be a fraction/ },
  { name: 'warnAtPct a string', json: '{"warnAtPct":"0.8"}', message: /warnAtPct must be a fraction/ },
  { name: 'updatedAt fractional', json: '{"updatedAt":1.5}', message: /updatedAt must be a non-negative integer/ },
  { name: 'updatedAt negative', json: '{"updatedAt":-1}', message: /updatedAt must be a non-negative integer/ },
  { name: 'updatedAt a string', json: '{"updatedAt":"now"}', message: /updatedAt must be a non-negative integer/ },
  { name: 'global an array', json: '{"global":[]}', message: /global must be an object of caps/ },
  { name: 'global null', json: '{"global":null}', message: /global must be an object of caps/ },
  { name: 'an unknown cap', json: '{"global":{"yearlyUsd":5}}', message: /unknown field "global\.yearlyUsd"/ },
  { name: 'a cap in the wrong case', json: '{"global":{"DailyUsd":5}}', message: /unknown field "global\.DailyUsd"/ },
  {
    name: 'a negative dollar cap',
    json: '{"global":{"dailyUsd":-1}}',
    message: /global\.dailyUsd must be a number of dollars/,
  },
  { name: 'dollars as a string', json: '{"global":{"dailyUsd":"20"}}', message: /global\.dailyUsd must be a number/ },
  {
    name: 'an infinite dollar cap',
    json: '{"global":{"monthlyUsd":1e999}}',
    message: /global\.monthlyUsd must be a number of dollars \(0 or more, finite\)/,
  },
  {
    name: 'a fractional calls cap',
    json: '{"global":{"hourlyCalls":2.5}}',
    message: /global\.hourlyCalls must be a whole number of calls/,
  },
  {
    name: 'a negative calls cap',
    json: '{"global":{"sessionCalls":-3}}',
    message: /global\.sessionCalls must be a whole number/,
  },
  {
    name: 'a calls cap beyond 2^53',
    json: '{"global":{"weeklyCalls":1e20}}',
    message: /global\.weeklyCalls must be a whole number/,
  },
  {
    name: 'a calls cap as a boolean',
    json: '{"global":{"dailyCalls":true}}',
    message: /global\.dailyCalls must be a whole number/,
  },
  {
    name: 'perClient an array',
    json: '{"perClient":[]}',
    message: /perClient must be an object from client name to caps/,
  },
  {
    name: 'a client name in capitals',
    json: '{"perClient":{"Claude-Code":{}}}',
    message: /perClient key "Claude-Code" is not a client name/,
  },
  {
    name: 'a client name with a path',
    json: '{"perClient":{"../etc":{}}}',
    message: /perClient key "\.\.\/etc" is not a client name/,
  },
  {
    name: 'a prototype-polluting client name',
    json: '{"perClient":{"__proto__":{"dailyUsd":1}}}',
    message: /perClient key "__proto__" is not a client name/,
  },
  { name: 'an empty client name', json: '{"perClient":{"":{}}}', message: /perClient key "" is not a client name/ },
  {
    name: 'a 65-character client name',
    json: `{"perClient":{"${'a'.repeat(65)}":{}}}`,
    message: /perClient key "a{65}" is not a client name/,
  },
  {
    name: 'a client name with control and bidi characters',
    json: JSON.stringify({ perClient: { [hostileKey]: {} } }),
    message: /is not a client name/,
  },
  {
    name: "a client's caps a number",
    json: '{"perClient":{"codex":5}}',
    message: /perClient\.codex must be an object of caps/,
  },
  {
    name: "an unknown field in a client's caps",
    json: '{"perClient":{"codex":{"dailyTokens":5}}}',
    message: /unknown field "perClient\.codex\.dailyTokens"/,
  },
  {
    name: 'a bad cap of a client',
    json: '{"perClient":{"codex":{"dailyCalls":0.5}}}',
    message: /perClient\.codex\.dailyCalls must be a whole number/,
  },
  {
    name: 'more clients than allowed',
    json: JSON.stringify({ perClient: Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`client-${i}`, {}])) }),
    message: /perClient has 257 clients; at most 256/,
  },
];
