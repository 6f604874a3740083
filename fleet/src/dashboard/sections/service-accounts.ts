// Service accounts: the keys scripts and CI use for admin calls. Created here, the key is shown once, by the
// script, from the API's answer (it is stored hashed, so no page can show it again); revoking one stops it at its
// next call. Admins only: listing them is managing them (roles.ts).
import { fleetPaths } from '@ssg/contracts/fleet';
import type { DashboardView } from '../dashboard-view';
import { emptyState, section, table, time } from '../format';
import { html, type Html } from '../html';
import type { ServiceAccount } from '../../store/service-accounts';

function row(view: DashboardView, account: ServiceAccount): Html {
  const isSelf = view.viewer.kind === 'service-account' && view.viewer.serviceAccountId === account.id;
  const status =
    account.revokedAt === null
      ? html`<span class="badge badge-ok">Active</span>`
      : html`<span class="badge badge-off">Revoked</span> ${time(account.revokedAt)}`;
  const action =
    account.revokedAt !== null || isSelf
      ? ''
      : html`<button
          type="button"
          class="button button-danger-quiet"
          data-api="DELETE ${fleetPaths.serviceAccounts(view.org.id)}/${encodeURIComponent(account.id)}"
          data-confirm="Revoke the key of “${account.name}”? Anything using it is refused from its next call."
          data-confirm-action="Revoke key"
          data-success="Revoked “${account.name}”."
          data-testid="revoke-service-account"
        >
          Revoke
        </button>`;
  return html`<tr
    data-testid="service-account-row"
    data-name="${account.name}"
    class="${account.revokedAt === null ? '' : 'row-off'}"
  >
    <td>
      <span class="identity" data-testid="service-account-name">${account.name}</span>
      <div class="sub"><code>${account.id}</code></div>
    </td>
    <td>${time(account.createdAt)}</td>
    <td>${status}</td>
    <td class="actions">${action}</td>
  </tr>`;
}

/** Where the script shows a new key, filled in from a clone of this template (no markup built in the browser). */
const keyReveal = html`<div data-key-slot></div>
  <template id="key-reveal-template">
    <div class="key-reveal" role="region" aria-label="New service account key" data-testid="new-key-box">
      <p class="key-warning">
        <strong>Copy this key now: it will not be shown again.</strong> It acts with an org_admin's permissions; keep it
        in a secret manager.
      </p>
      <div class="key-row">
        <label class="visually-hidden" for="new-key">Key for <span data-key-name></span></label>
        <input id="new-key" readonly spellcheck="false" data-testid="new-key" />
        <button type="button" class="button button-primary" data-copy-from="new-key">Copy</button>
      </div>
      <div class="form-actions">
        <button type="button" class="button button-quiet" data-dismiss-key>I have stored it</button>
      </div>
    </div></template
  >`;

export function serviceAccountsSection(view: DashboardView): Html | undefined {
  if (!view.serviceAccounts) return undefined;
  const accounts = view.serviceAccounts;
  const active = accounts.filter((a) => a.revokedAt === null).length;
  const list =
    accounts.length === 0
      ? emptyState(
          'service-accounts-empty',
          'No service account yet.',
          'Create one for a script or CI job that calls the Fleet API: it sends the key as Authorization: Bearer.',
        )
      : table(
          'service-accounts-table',
          'Service accounts',
          ['Name', 'Created', 'Status', 'Actions'],
          accounts.map((a) => row(view, a)),
        );
  return section(
    'service-accounts',
    'Service accounts',
    `${active} active. Keys never expire: revoke one that is no longer used.`,
    html`${keyReveal}${list}
      <form
        method="post"
        class="form-row"
        data-api="POST ${fleetPaths.serviceAccounts(view.org.id)}"
        data-success="Created “{name}”."
        data-reveal-key
        data-testid="create-service-account-form"
      >
        <div class="field grow">
          <label for="new-service-account">Name</label>
          <input
            id="new-service-account"
            name="name"
            required
            maxlength="100"
            autocomplete="off"
            placeholder="e.g. CI deploy"
            data-testid="new-service-account-name"
          />
        </div>
        <button type="submit" class="button button-primary" data-testid="create-service-account">Create key</button>
      </form>`,
  );
}
