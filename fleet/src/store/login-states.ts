// OIDC logins in flight: stored at the redirect to the provider, consumed by its callback. Consuming deletes the
// row in one statement (DELETE … RETURNING), so of two callbacks racing with one state, on one app server or
// two, exactly one gets it; an expired state is never returned.
import type { Clock } from './clock';
import type { Queryable } from './database';

/** Spec, Limits: the SSO state value lives 10 minutes. */
export const LOGIN_STATE_LIFETIME_MS = 10 * 60 * 1000;

export interface LoginState {
  state: string;
  orgId: string;
  codeVerifier: string;
  nonce: string;
  /** Where the browser goes after the login, when not the dashboard. */
  redirectAfter: string | null;
  createdAt: number;
  expiresAt: number;
}

interface LoginStateRow {
  state: string;
  org_id: string;
  code_verifier: string;
  nonce: string;
  redirect_after: string | null;
  created_at: number;
  expires_at: number;
}

const COLUMNS = 'state, org_id, code_verifier, nonce, redirect_after, created_at, expires_at';

export class LoginStates {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(login: {
    state: string;
    orgId: string;
    codeVerifier: string;
    nonce: string;
    redirectAfter?: string | null;
  }): Promise<LoginState> {
    const createdAt = this.now();
    const [row] = await this.db.query<LoginStateRow>(
      `INSERT INTO login_states (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        login.state,
        login.orgId,
        login.codeVerifier,
        login.nonce,
        login.redirectAfter ?? null,
        createdAt,
        createdAt + LOGIN_STATE_LIFETIME_MS,
      ],
    );
    return toLoginState(row!);
  }

  /**
   * The organization's login with this state, removed so it cannot be used again; undefined when the state is
   * unknown, already used, expired, or another organization's.
   */
  async consume(orgId: string, state: string): Promise<LoginState | undefined> {
    const [row] = await this.db.query<LoginStateRow>(
      `DELETE FROM login_states WHERE state = $1 AND org_id = $2 AND expires_at > $3 RETURNING ${COLUMNS}`,
      [state, orgId, this.now()],
    );
    return row && toLoginState(row);
  }

  /** Removes the logins that were never finished; returns how many. */
  async deleteExpired(): Promise<number> {
    return (await this.db.execute('DELETE FROM login_states WHERE expires_at <= $1', [this.now()])).changes;
  }
}

function toLoginState(row: LoginStateRow): LoginState {
  return {
    state: row.state,
    orgId: row.org_id,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectAfter: row.redirect_after,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
