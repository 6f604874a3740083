// This tab's session with the daemon: the token the sign-in link was traded for, kept in sessionStorage and sent
// as `Authorization: Bearer` on every call and on the live stream. Never a cookie: cookies ignore ports, so every
// server on 127.0.0.1 would receive one. sessionStorage belongs to this origin (port included) and this tab: it
// survives a reload, another tab starts without it (and needs its own link), and closing the tab forgets it.
// Whoever learns that the daemon no longer accepts the token (a 401 anywhere) reports it here, which forgets the
// token and tells the session store, so the app shows how to get back in.

const STORAGE_KEY = 'ssg.dashboard.session';

/** `hadSession`: the tab had a token (it ended) rather than none at all (never signed in). */
type RefusedListener = (hadSession: boolean) => void;
let onRefused: RefusedListener = () => undefined;

export function sessionToken(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

export function keepSessionToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
}

export function forgetSessionToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The headers that prove this tab's session; none when it has no session. */
export function sessionHeaders(): Record<string, string> {
  const token = sessionToken();
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** Called once by the session store: what to do when the daemon no longer accepts this tab. */
export function setSessionRefusedListener(listener: RefusedListener): void {
  onRefused = listener;
}

/** The daemon answered 401: this tab has no session, or it is over (expired, signed out, daemon restarted). */
export function sessionRefused(): void {
  const hadSession = sessionToken() !== undefined;
  forgetSessionToken();
  onRefused(hadSession);
}
