// The dashboard's HTTP client for the daemon. The browser holds no token: requests carry the HttpOnly session
// cookie (`credentials: 'same-origin'`), which the daemon accepts in place of X-Service-Token. A 401 anywhere means
// the session is gone, so every store learns it through one listener and the app shows how to get back in.

/** A daemon error, in the words the daemon chose (`{statusCode, error, message}`), or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** Called once by the session store: what to do when the daemon no longer accepts this browser. */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

async function readError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status line.
  }
  return `the daemon answered ${response.status} ${response.statusText}`.trim();
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The daemon is not reachable. Is it still running? Start it with `ssg daemon`.');
  }
  if (response.status === 401) {
    onUnauthorized();
    throw new ApiError(401, 'This browser is not signed in to the daemon.');
  }
  if (!response.ok) throw new ApiError(response.status, await readError(response));
  return (await response.json()) as T;
}

/** `path` with the defined values of `query` as its query string. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

export const api = {
  get: <T>(path: string): Promise<T> => request<T>('GET', path),
  post: <T>(path: string, body: unknown): Promise<T> => request<T>('POST', path, body),
};

/** A message for the user from anything a store caught. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
