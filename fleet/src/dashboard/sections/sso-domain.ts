// The SSO domain: e-mails at this domain get the organization's licence (spec, Authentication 4). Everyone may see
// it; only an admin sets or clears it (PATCH …/orgs/<org_id>).
import { fleetPaths } from '@ssg/contracts/fleet';
import type { DashboardView } from '../dashboard-view';
import { section } from '../format';
import { html, type Html } from '../html';

export function ssoDomainSection(view: DashboardView): Html | undefined {
  if (!view.may('org:read')) return undefined;
  const domain = view.org.ssoDomain;
  const shown = domain
    ? html`<p>
        Anyone signing in as <strong>…@<span data-testid="sso-domain-value">${domain}</span></strong> gets
        ${view.org.name}'s licence.
      </p>`
    : html`<p class="muted" data-testid="sso-domain-value">
        No SSO domain: only members get the organization's licence.
      </p>`;
  const form = view.may('org:update')
    ? html`<form
          method="post"
          class="form-row"
          data-api="PATCH ${fleetPaths.org(view.org.id)}"
          data-success="SSO domain saved."
          data-testid="sso-domain-form"
        >
          <div class="field grow">
            <label for="sso-domain">Domain</label>
            <input
              id="sso-domain"
              name="sso_domain"
              data-null-if-empty
              value="${domain ?? ''}"
              placeholder="example.com"
              maxlength="253"
              autocomplete="off"
              aria-describedby="sso-domain-hint"
              data-testid="sso-domain-input"
            />
          </div>
          <button type="submit" class="button button-primary" data-testid="sso-domain-save">Save domain</button>
        </form>
        <p class="hint" id="sso-domain-hint">
          Leave it empty and save to clear it. A domain belongs to one organization only.
        </p>`
    : '';
  return section('sso-domain', 'SSO domain', '', html`${shown}${form}`);
}
