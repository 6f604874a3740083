// SSO settings: the identity provider (everyone may see which one; the client secret is shown to no one, ever) and,
// for those who configure it, the form that PUTs …/sso/config exactly as the spec has it — all four fields, the
// secret typed in again each time since it cannot be read back. Also what to register at the provider.
// Every form here is method=post: should the script not run, a native submit puts no secret in a URL.
import { CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import { dashboardPath } from '../../routes/oidc-login';
import type { DashboardView } from '../dashboard-view';
import { section, time } from '../format';
import { html, type Html } from '../html';

const copyable = (label: string, value: string, testId: string): Html =>
  html`<div class="copy-field">
    <dt>${label}</dt>
    <dd>
      <code data-testid="${testId}">${value}</code>
      <button type="button" class="button button-quiet button-small" data-copy="${value}" aria-label="Copy ${label}">
        Copy
      </button>
    </dd>
  </div>`;

function providerUris(view: DashboardView): Html {
  return html`<div class="subsection">
    <h3>Register at your identity provider</h3>
    <dl class="copy-list">
      ${copyable('Redirect URI (web sign-in)', `${view.publicUrl}${fleetPaths.oidcCallback(view.org.id)}`, 'redirect-uri-web')}
      ${copyable('Redirect URI (ssg auth login --sso)', CLI_SSO_CALLBACK, 'redirect-uri-cli')}
      ${copyable('Sign-out redirect URI', `${view.publicUrl}${dashboardPath(view.org.id)}`, 'sign-out-redirect-uri')}
    </dl>
  </div>`;
}

function current(view: DashboardView): Html {
  if (!view.sso) {
    return html`<p class="status status-warn" data-testid="sso-status">
      Not configured: nobody can sign in with SSO yet.
    </p>`;
  }
  const { provider, issuerUrl, clientId, updatedAt } = view.sso;
  return html`<p class="status ${provider === 'oidc' ? 'status-ok' : 'status-warn'}" data-testid="sso-status">
      ${
        provider === 'oidc'
          ? 'OpenID Connect sign-in is on.'
          : 'SAML is recorded but does not enable sign-in: the fleet signs in with OpenID Connect only.'
      }
    </p>
    <dl class="facts">
      <div>
        <dt>Provider</dt>
        <dd data-testid="sso-provider">${provider}</dd>
      </div>
      <div>
        <dt>Issuer URL</dt>
        <dd><code data-testid="sso-issuer">${issuerUrl}</code></dd>
      </div>
      <div>
        <dt>Client ID</dt>
        <dd><code data-testid="sso-client-id">${clientId}</code></dd>
      </div>
      <div>
        <dt>Client secret</dt>
        <dd class="muted">Stored encrypted; never shown.</dd>
      </div>
      <div>
        <dt>Last saved</dt>
        <dd>${time(updatedAt)}</dd>
      </div>
    </dl>`;
}

function form(view: DashboardView): Html {
  const sso = view.sso;
  const provider = sso?.provider ?? 'oidc';
  return html`<form
    method="post"
    class="stack-form"
    data-api="PUT ${fleetPaths.ssoConfig(view.org.id)}"
    data-success="SSO settings saved."
    data-testid="sso-form"
  >
    <h3>${sso ? 'Change the identity provider' : 'Configure the identity provider'}</h3>
    <div class="field">
      <label for="sso-provider">Protocol</label
      ><select id="sso-provider" name="provider" data-testid="sso-provider-select">
        <option value="oidc" ${provider === 'oidc' ? html` selected` : ''}>OpenID Connect</option>
        <option value="saml" ${provider === 'saml' ? html` selected` : ''}>SAML (recorded only)</option>
      </select>
    </div>
    <div class="field">
      <label for="sso-issuer-url">Issuer URL</label>
      <input
        id="sso-issuer-url"
        name="issuer_url"
        type="url"
        required
        maxlength="2048"
        value="${sso?.issuerUrl ?? ''}"
        placeholder="https://login.example.com"
        autocomplete="off"
        data-testid="sso-issuer-input"
      />
    </div>
    <div class="field">
      <label for="sso-client-id">Client ID</label>
      <input
        id="sso-client-id"
        name="client_id"
        required
        maxlength="512"
        value="${sso?.clientId ?? ''}"
        autocomplete="off"
        data-testid="sso-client-id-input"
      />
    </div>
    <div class="field">
      <label for="sso-client-secret">Client secret</label>
      <input
        id="sso-client-secret"
        name="client_secret"
        type="password"
        required
        maxlength="4096"
        autocomplete="new-password"
        placeholder="Enter the client secret"
        aria-describedby="sso-secret-hint"
        data-testid="sso-secret-input"
      />
      <p class="hint" id="sso-secret-hint">
        Write-only: the secret is stored encrypted and never shown again, so enter it each time you save.
      </p>
    </div>
    <div class="form-actions">
      <button type="submit" class="button button-primary" data-testid="sso-save">Save SSO settings</button>
    </div>
  </form>`;
}

export function ssoSettingsSection(view: DashboardView): Html | undefined {
  if (!view.may('org:read')) return undefined;
  const configure = view.may('sso:configure');
  return section(
    'sso',
    'SSO settings',
    'Members sign in to this dashboard and to ssg with your identity provider.',
    html`${current(view)}${configure ? html`${providerUris(view)}${form(view)}` : ''}`,
  );
}
