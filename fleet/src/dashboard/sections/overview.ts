// The line of figures at the top of the page, each a link to its section: how many members, whether SSO is on, the
// service accounts in use, the tier the organization pays for, the machines signed in. Only figures from lists the
// viewer may read (a member sees none of these lists, and no overview).
import type { DashboardView } from '../dashboard-view';
import { html, type Html } from '../html';

interface Figure {
  section: string;
  value: string;
  label: string;
}

export function overview(view: DashboardView): Html | undefined {
  if (!view.members && !view.subscriptions) return undefined;
  const activeTier = view.subscriptions?.find((s) => s.active)?.tier;
  const figures: Figure[] = [
    view.members && { section: 'members', value: String(view.members.length), label: 'Members' },
    {
      section: 'sso',
      value: view.sso?.provider === 'oidc' ? 'On' : view.sso ? 'SAML' : 'Off',
      label: 'SSO sign-in',
    },
    view.serviceAccounts && {
      section: 'service-accounts',
      value: String(view.serviceAccounts.filter((a) => a.revokedAt === null).length),
      label: 'Active service accounts',
    },
    view.subscriptions && { section: 'licences', value: activeTier ?? 'Free', label: 'Tier' },
    view.machines && { section: 'machines', value: String(view.machines.length), label: 'Machines signed in' },
  ].filter((figure): figure is Figure => Boolean(figure));
  return html`<ul class="stats" data-testid="overview">
    ${figures.map(
      (f) =>
        html`<li>
          <a href="#${f.section}" data-testid="overview-${f.section}"
            ><span class="stat-value">${f.value}</span><span class="stat-label">${f.label}</span></a
          >
        </li>`,
    )}
  </ul>`;
}
