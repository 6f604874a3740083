// Licences: the organization's subscriptions (what tier its members' licences carry) and the licences issued to its
// members lately, for those who may see licences (roles.ts: licences:read).
import type { DashboardView } from '../dashboard-view';
import { emptyState, section, table, time } from '../format';
import { html, type Html } from '../html';

function subscriptions(view: DashboardView): Html {
  const subs = view.subscriptions ?? [];
  if (subs.length === 0) {
    return emptyState(
      'subscriptions-empty',
      'No subscription.',
      'Members get the free tier. Contact your ssg account manager to subscribe the organization.',
    );
  }
  return table(
    'subscriptions-table',
    'Subscriptions',
    ['Tier', 'From', 'Until', 'Status'],
    subs.map(
      (s) =>
        html`<tr data-testid="subscription-row" class="${s.active ? '' : 'row-off'}">
          <td><span class="badge badge-tier">${s.tier}</span></td>
          <td>${time(s.startsAt)}</td>
          <td>${s.endsAt === null ? html`<span class="muted">open-ended</span>` : time(s.endsAt)}</td>
          <td>
            ${s.active ? html`<span class="badge badge-ok">Active</span>` : html`<span class="badge badge-off">${s.startsAt > view.now ? 'Not started' : 'Ended'}</span>`}
          </td>
        </tr>`,
    ),
  );
}

function issued(view: DashboardView): Html {
  const licences = view.licences ?? [];
  if (licences.length === 0) {
    return emptyState(
      'licences-empty',
      'No licence issued yet.',
      html`A member gets one when they run <code>ssg auth login --sso</code>.`,
    );
  }
  return table(
    'licences-table',
    'Licences issued',
    ['Member', 'Tier', 'Machine', 'Issued', 'Expires'],
    licences.map(
      (l) =>
        html`<tr data-testid="licence-row">
          <td class="identity">${l.userId}</td>
          <td><span class="badge badge-tier">${l.tier}</span></td>
          <td>${l.machine ?? html`<span class="muted">—</span>`}</td>
          <td>${time(l.issuedAt)}</td>
          <td>${time(l.expiresAt)}</td>
        </tr>`,
    ),
  );
}

export function licencesSection(view: DashboardView): Html | undefined {
  if (!view.subscriptions) return undefined;
  return section(
    'licences',
    'Licences',
    "The organization's subscriptions, and the licences its members were issued lately.",
    html`<div class="subsection">
        <h3>Subscriptions</h3>
        ${subscriptions(view)}
      </div>
      <div class="subsection">
        <h3>Issued recently</h3>
        ${issued(view)}
      </div>`,
  );
}
