// Test support: an audit row with sensible defaults, for tests of the audit store, its retention and its routes.
import type { AuditRow } from '../audit/audit-store';

export const AUDIT_TEST_NOW = Date.UTC(2026, 5, 15, 12, 0, 0);

export const auditRow = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  at: AUDIT_TEST_NOW,
  tool: 'Bash',
  capability: 'execute',
  client: 'claude-code',
  summary: 'ls',
  decision: 'allow',
  decidedBy: 'rules',
  matched: [],
  durationMs: 0.05,
  ...overrides,
});
