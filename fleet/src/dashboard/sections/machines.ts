// Machines signed in with `ssg auth login`: whose, which machine, since and until when; those who manage members
// may sign a machine out (its session ends at once; the member signs in again to get it back).
import { fleetPaths } from '@ssg/contracts/fleet';
import type { DashboardView } from '../dashboard-view';
import { emptyState, section, table, time } from '../format';
import { html } from '../html';
import type { Html } from '../html';

export function machinesSection(view: DashboardView): Html | undefined {
  if (!view.machines) return undefined;
  const manage = view.may('members:manage');
  const machines = view.machines;
  const list =
    machines.length === 0
      ? emptyState(
          'machines-empty',
          'No machine has signed in yet.',
          html`Members run <code>ssg auth login --sso</code> on their machines.`,
        )
      : table(
          'machines-table',
          'Signed-in machines',
          ['Member', 'Machine', 'Signed in', 'Expires', ...(manage ? ['Actions'] : [])],
          machines.map((m) => {
            const name = m.machine ?? 'unnamed machine';
            return html`<tr data-testid="machine-row">
              <td class="identity">${m.userId}</td>
              <td>${name}</td>
              <td>${time(m.createdAt)}</td>
              <td>${time(m.expiresAt)}</td>
              ${
                manage
                  ? html`<td class="actions">
                      <button
                        type="button"
                        class="button button-danger-quiet"
                        data-api="DELETE ${fleetPaths.machines(view.org.id)}/${encodeURIComponent(m.id)}"
                        data-confirm="Sign ${m.userId}'s ${name} out? ssg there stops until they sign in again."
                        data-confirm-action="Sign out machine"
                        data-success="Signed ${name} out."
                        data-testid="sign-out-machine"
                      >
                        Sign out
                      </button>
                    </td>`
                  : ''
              }
            </tr>`;
          }),
        );
  return section(
    'machines',
    'Signed-in machines',
    'Each ssg auth login is a session of 8 hours; signing a machine out ends it at once.',
    list,
  );
}
