// The service's public API (openapi.yaml): the envelope, errors in words,
// and the bearer token of the identity adapter, refreshed once on 401.

export class ApiError extends Error {
  constructor(public status: number, public code: number, public reason: string, msg: string) {
    super(msg);
  }
}

type TokenSource = { token(): Promise<string | null>; refresh(): Promise<string | null> };
let tokens: TokenSource | null = null;

/** setTokenSource installs the identity adapter the API calls use. */
export function setTokenSource(t: TokenSource | null) {
  tokens = t;
}

async function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** call sends a request and returns the envelope's data or throws ApiError. */
export async function call<T = any>(method: string, path: string, body?: unknown, opts: { auth?: boolean } = {}): Promise<T> {
  const auth = opts.auth !== false && tokens !== null;
  let token = auth ? await tokens!.token() : null;
  let res: Response;
  try {
    res = await send(method, path, body, token);
    if (res.status === 401 && auth) {
      // SPEC: on 401 or 110303 refresh the token through the provider and retry.
      token = await tokens!.refresh();
      res = await send(method, path, body, token);
    }
  } catch (e) {
    throw new ApiError(0, 0, 'NETWORK', 'the service cannot be reached: ' + (e as Error).message);
  }
  let env: any;
  try {
    env = await res.json();
  } catch {
    throw new ApiError(res.status, 0, 'BAD_ANSWER', `the service answered ${res.status} without JSON`);
  }
  if (env.code !== 0) throw new ApiError(res.status, env.code, env.reason || '', env.msg || 'error');
  return env.data as T;
}

export const get = <T = any>(path: string, q: Record<string, string | number | boolean | undefined> = {}, opts?: { auth?: boolean }) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  const qs = p.toString();
  return call<T>('GET', '/api/v1/' + path + (qs ? '?' + qs : ''), undefined, opts);
};
export const post = <T = any>(path: string, body: unknown, opts?: { auth?: boolean }) => call<T>('POST', '/api/v1/' + path, body, opts);

/** revertInWords explains an on-chain revert reason of an operation. */
export function revertInWords(reason: string): string {
  // The resolution's reverts first: their names contain Closed and Settl too.
  if (/ChallengeWindowClosed/.test(reason)) return 'The challenge window has closed: the outcome can no longer be disputed. (' + reason + ')';
  if (/ChallengeWindowOpen/.test(reason)) return 'The challenge window is still open: the outcome can be finalized only after it ends. (' + reason + ')';
  if (/AlreadyDisputed/.test(reason)) return 'The outcome is already disputed: the arbitrator decides. (' + reason + ')';
  if (/NotArbitrator/.test(reason)) return 'Only the arbitrator can decide a dispute. (' + reason + ')';
  if (/ResolutionPending/.test(reason)) return 'An outcome has been asserted: trading has stopped. (' + reason + ')';
  if (/InsufficientOutput|minOut|Slippage/i.test(reason)) return 'The price moved beyond your slippage tolerance; nothing was traded. Try again or allow more slippage. (' + reason + ')';
  if (/Deadline|Expired/i.test(reason)) return 'The deadline passed before the operation was mined; nothing happened. (' + reason + ')';
  if (/NotRunning|Closed|Ended|Settl/i.test(reason)) return 'The market is closed for this action. (' + reason + ')';
  if (/balance|allowance/i.test(reason)) return 'Not enough balance for this operation. (' + reason + ')';
  return reason || 'the operation did not go through';
}

/** inWords turns an error into a sentence for the page. */
export function inWords(e: unknown): string {
  if (!(e instanceof ApiError)) return (e as Error)?.message || String(e);
  switch (e.code) {
    case 110116: // WINDOW_CLOSED
      return 'The challenge window has closed: the outcome can no longer be disputed. (' + e.message + ')';
    case 110117: // ALREADY_DISPUTED
      return 'Someone has already disputed this outcome; the arbitrator decides. (' + e.message + ')';
    case 110118: // WINDOW_OPEN
      return 'The challenge window is still open; finalize after it ends. (' + e.message + ')';
    case 110119: // NOT_ARBITRATOR
      return 'Only the arbitrator can decide a dispute. (' + e.message + ')';
  }
  switch (e.reason) {
    case 'INSUFFICIENT_BALANCE':
      return 'Not enough balance: ' + e.message;
    case 'PLEASE_WAIT':
      return 'Too many requests; wait a moment and try again.';
    case 'PRIVY':
      return 'Your sign-in expired; sign in again. (' + e.message + ')';
    case 'NOT_REGISTERED':
      return 'Sign in first.';
    case 'FORBIDDEN':
      return 'Not allowed: ' + e.message;
    case 'CONFLICT':
      if (/status|running|settl|ended|closed/i.test(e.message)) return 'The market is closed for this: ' + e.message;
      return e.message;
    case 'OP_REJECTED':
      if (/deadline/i.test(e.message)) return 'The deadline is not valid: ' + e.message;
      if (/end time|ended|closed|not running/i.test(e.message)) return 'The market is closed: ' + e.message;
      return 'The operation was rejected: ' + e.message;
    case 'PARAM':
      return 'Check the input: ' + e.message;
    case 'NOT_FOUND':
      return 'Not found: ' + e.message;
  }
  if (e.code >= 110201 && e.code < 110300) return 'The service has a temporary problem (' + e.message + '); try again shortly.';
  return e.message;
}
