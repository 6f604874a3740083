// Members & roles: who belongs to the organization (members:read) and, for those who manage members, adding one
// with a role, changing a role and removing someone — never oneself (the API refuses it too; another org_admin can).
import { fleetPaths } from '@ssg/contracts/fleet';
import { PERMISSIONS, type Permission, ROLES, type Role } from '../../auth/roles';
import type { DashboardView } from '../dashboard-view';
import { emptyState, roleBadge, section, table, time } from '../format';
import { html, type Html } from '../html';

/** What each permission lets a role do, as the table under the members list says it. */
const PERMISSION_LABELS: Record<Permission, string> = {
  'org:read': 'See the organization and its SSO settings',
  'org:update': 'Set the SSO domain',
  'sso:configure': 'Configure the identity provider',
  'members:manage': 'Add, change and remove members',
  'members:read': 'List members',
  'service-accounts:manage': 'Create and revoke service accounts',
  'rules:publish': "Publish the organization's rules",
  'rules:read': "Read the organization's rules",
  'licences:read': 'See licences and signed-in machines',
};

const roleOptions = (selected: Role) =>
  ROLES.map((r) => html`<option value="${r}" ${r === selected ? html` selected` : ''}>${r}</option>`);

function memberRow(view: DashboardView, member: { userId: string; role: Role; createdAt: number }): Html {
  const path = fleetPaths.members(view.org.id);
  const isSelf = view.viewer.kind === 'member' && view.viewer.userId === member.userId;
  const manage = view.may('members:manage');
  const role = manage
    ? html`<form
        method="post"
        class="inline-form"
        data-api="POST ${path}"
        data-success="${member.userId} is now {role}."
        data-testid="change-role-form"
      >
        <input type="hidden" name="user_id" value="${member.userId}" />
        <label class="visually-hidden" for="role-${member.userId}">Role of ${member.userId}</label>
        <select
          id="role-${member.userId}"
          name="role"
          data-testid="role-select"
          ${isSelf ? html` disabled title="Another org_admin can change your role"` : ''}
        >
          ${roleOptions(member.role)}
        </select>
        ${isSelf ? '' : html`<button type="submit" class="button button-quiet" data-testid="change-role">Change</button>`}
      </form>`
    : roleBadge(member.role);
  const actions = !manage
    ? ''
    : isSelf
      ? html`<span class="muted">You</span>`
      : html`<button
          type="button"
          class="button button-danger-quiet"
          data-api="DELETE ${path}/${encodeURIComponent(member.userId)}"
          data-confirm="Remove ${member.userId} from ${view.org.name}? Their sessions stop working at once."
          data-confirm-action="Remove member"
          data-success="Removed ${member.userId}."
          data-testid="remove-member"
        >
          Remove
        </button>`;
  return html`<tr data-testid="member-row" data-user="${member.userId}">
    <td><span class="identity">${member.userId}</span>${isSelf ? html` <span class="badge">you</span>` : ''}</td>
    <td>${role}</td>
    <td>${time(member.createdAt)}</td>
    ${manage ? html`<td class="actions">${actions}</td>` : ''}
  </tr>`;
}

function addMemberForm(view: DashboardView): Html {
  return html`<form
      method="post"
      class="form-row"
      data-api="POST ${fleetPaths.members(view.org.id)}"
      data-success="Added {user_id} as {role}."
      data-testid="add-member-form"
    >
      <div class="field grow">
        <label for="new-member-email">E-mail</label>
        <input
          id="new-member-email"
          name="user_id"
          type="email"
          required
          maxlength="254"
          autocomplete="off"
          placeholder="name@company.com"
          data-testid="new-member-email"
        />
      </div>
      <div class="field">
        <label for="new-member-role">Role</label
        ><select id="new-member-role" name="role" data-testid="new-member-role">
          ${roleOptions('member')}
        </select>
      </div>
      <button type="submit" class="button button-primary" data-testid="add-member">Add member</button>
    </form>
    <p class="hint">
      They sign in with the organization's identity provider: the e-mail must be the one it vouches for.
    </p>`;
}

function rolesTable(): Html {
  const permissions = Object.keys(PERMISSIONS) as Permission[];
  return html`<details class="roles-help">
    <summary>What each role may do</summary>
    <div class="table-wrap">
      <table class="matrix">
        <thead>
          <tr>
            <th scope="col">Permission</th>
            ${ROLES.map((r) => html`<th scope="col">${r}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${permissions.map(
            (p) =>
              html`<tr>
                <th scope="row">${PERMISSION_LABELS[p]}</th>
                ${ROLES.map((r) =>
                  (PERMISSIONS[p] as readonly Role[]).includes(r)
                    ? html`<td class="yes">
                        <span aria-hidden="true">✓</span><span class="visually-hidden">yes</span>
                      </td>`
                    : html`<td><span class="visually-hidden">no</span></td>`,
                )}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </details>`;
}

export function membersSection(view: DashboardView): Html | undefined {
  if (!view.members) return undefined;
  const manage = view.may('members:manage');
  const list =
    view.members.length === 0
      ? emptyState('members-empty', 'No members yet.', 'Add someone by e-mail below, with the role they need.')
      : table(
          'members-table',
          'Members',
          ['Member', 'Role', 'Added', ...(manage ? ['Actions'] : [])],
          view.members.map((m) => memberRow(view, m)),
        );
  return section(
    'members',
    'Members & roles',
    `${view.members.length} ${view.members.length === 1 ? 'member' : 'members'}. A change takes effect on their next request.`,
    html`${list}${manage ? addMemberForm(view) : ''}${rolesTable()}`,
  );
}
