// The service's public API (openapi.yaml): the envelope, errors in words,
// and the bearer token of the identity adapter, refreshed once on 401.

import { balanceInWords } from './format';
import { kindPaths } from './kinds.gen';

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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * retryAfter is how long a 429 answer asks to wait (its Retry-After
 * seconds; 1 s without one, at most 30 s), with a little jitter so that
 * the page's waiting reads do not all come back at the same instant.
 */
export function retryAfter(header: string | null): number {
  const s = header === null ? NaN : parseFloat(header);
  const ms = isFinite(s) && s >= 0 ? s * 1000 : 1000;
  return Math.min(ms, 30_000) + Math.random() * 250;
}

/** How often one request is sent again after a 429 before the page shows it. */
const maxRateRetries = 5;

/**
 * Bucket paces the page's requests of one kind below the service's
 * published rate limits (docs/operations.md: 10 reads/s and 5 trades/s
 * per user, 30/s per IP without a token), so that a burst of the page's
 * own (a sign-in and the portfolio it opens make a dozen reads) waits a
 * little in the page instead of being refused. A token bucket as the
 * service's, a little slower and smaller, so that the two clocks never
 * disagree at the edge. Its state is kept in localStorage: the service's
 * bucket outlives a reload of the page, and is shared by the tabs of one
 * user, so this one is too.
 */
class Bucket {
  private queue: Promise<void> = Promise.resolve();
  constructor(private name: string, private rate: number, private burst: number) {}
  private load(now: number): number {
    try {
      const v = JSON.parse(localStorage.getItem('predict.pace.' + this.name) || 'null');
      if (v && isFinite(v.tokens) && isFinite(v.at) && v.at <= now) return Math.min(this.burst, v.tokens + ((now - v.at) / 1000) * this.rate);
    } catch {
      /* a fresh bucket */
    }
    return this.burst;
  }
  private save(tokens: number, now: number) {
    try {
      localStorage.setItem('predict.pace.' + this.name, JSON.stringify({ tokens, at: now }));
    } catch {
      /* storage full or off: this page's own pace still holds */
    }
  }
  /** take waits until a request may go, in the order asked. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = Date.now();
        const tokens = this.load(now);
        if (tokens >= 1) {
          this.save(tokens - 1, now);
          return;
        }
        await sleep(((1 - tokens) / this.rate) * 1000);
      }
    });
    this.queue = turn;
    return turn;
  }
}

const buckets = { user: new Bucket('user', 8, 8), trade: new Bucket('trade', 4, 4), public: new Bucket('public', 20, 20) };

// The routes of the service's per-user trade limit (internal/api/routes.go,
// classTrade): operations (prepare, and the kinds' endpoints, from the
// catalogue), the faucet, community writes, administration.
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tradeRoute = new RegExp(
  '^(/api/v1/(aa/prepare-user-operation|dev/faucet|community/|admin/|rpc)|' + kindPaths.map(escapeRe).join('|') + ')',
);

/** pace waits for the rate budget of a request: per user with a token, per IP without. */
export function pace(method: string, path: string, withToken: boolean): Promise<void> {
  if (!withToken) return buckets.public.take();
  return (method !== 'GET' && tradeRoute.test(path) ? buckets.trade : buckets.user).take();
}

/** call sends a request and returns the envelope's data or throws ApiError. */
export async function call<T = any>(method: string, path: string, body?: unknown, opts: { auth?: boolean } = {}): Promise<T> {
  const auth = opts.auth !== false && tokens !== null;
  let token = auth ? await tokens!.token() : null;
  let res: Response;
  try {
    let refreshed = false;
    if (method !== 'GET') invalidate(); // what the page read before may change now
    for (let attempt = 0; ; attempt++) {
      await pace(method, path, !!token);
      res = await send(method, path, body, token);
      if (res.status === 401 && auth && !refreshed) {
        // SPEC: on 401 or 110303 refresh the token through the provider and retry.
        refreshed = true;
        token = await tokens!.refresh();
        continue;
      }
      // A rate limit refuses before anything is done, so any request,
      // an operation's submission included, may be sent again once the
      // service's Retry-After has passed.
      if (res.status === 429 && attempt < maxRateRetries) {
        await sleep(retryAfter(res.headers.get('Retry-After')));
        continue;
      }
      break;
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

// Recent reads, by URL and credentials: a read asked for again while the
// same one is on its way, or within a second of its answer, shares that
// answer instead of sending a request; until something may have changed
// it: a live event, or a write of the page (invalidate).
const recent = new Map<string, { at: number; epoch: number; answer: Promise<any> }>();
let epoch = 0;
const reuseFor = 1000;

/** invalidate makes every read after it ask the service again. */
export function invalidate() {
  epoch++;
  recent.clear();
}

/** get reads path; fresh: always ask the service (an operation's status being followed). */
export const get = <T = any>(path: string, q: Record<string, string | number | boolean | undefined> = {}, opts?: { auth?: boolean; fresh?: boolean }): Promise<T> => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  const qs = p.toString();
  const url = '/api/v1/' + path + (qs ? '?' + qs : '');
  const key = (opts?.auth === false ? 'public ' : 'user ') + url;
  const hit = recent.get(key);
  if (!opts?.fresh && hit && hit.epoch === epoch && Date.now() - hit.at < reuseFor) return hit.answer;
  const entry = { at: Infinity, epoch, answer: call<T>('GET', url, undefined, opts) };
  recent.set(key, entry);
  entry.answer.then(
    () => (entry.at = Date.now()), // reused for a second from its answer
    () => recent.get(key) === entry && recent.delete(key), // an error is not kept
  );
  return entry.answer;
};
export const post = <T = any>(path: string, body: unknown, opts?: { auth?: boolean }) => call<T>('POST', '/api/v1/' + path, body, opts);

/**
 * coalesce returns a trigger for fn that any number of calls within delay
 * ms run once; a call while fn runs runs it once more after it ends. A
 * burst of live events (a trade sends half a dozen) so reloads each
 * resource once, not once per event.
 */
export function coalesce(fn: () => unknown, delay = 150): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  const run = async () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await fn();
    } catch {
      /* the caller shows its own errors */
    } finally {
      running = false;
      if (again) {
        again = false;
        trigger();
      }
    }
  };
  const trigger = () => {
    if (timer === null) timer = setTimeout(run, delay);
  };
  return trigger;
}

/** revertInWords explains an on-chain revert reason of an operation. */
export function revertInWords(reason: string): string {
  // The resolution's reverts first: their names contain Closed and Settl too.
  if (/ChallengeWindowClosed/.test(reason)) return 'The challenge window has closed: the outcome can no longer be disputed. (' + reason + ')';
  if (/ChallengeWindowOpen/.test(reason)) return 'The challenge window is still open: the outcome can be finalized only after it ends. (' + reason + ')';
  if (/AlreadyDisputed/.test(reason)) return 'The outcome is already disputed: the arbitrator decides. (' + reason + ')';
  if (/NotArbitrator/.test(reason)) return 'Only the arbitrator can decide a dispute. (' + reason + ')';
  if (/ResolutionPending/.test(reason)) return 'An outcome has been asserted: trading has stopped. (' + reason + ')';
  // The LimitOrders escrow's reverts: before the general ones, as OrderExpired would read as a deadline.
  if (/OrderClosed|UnknownOrder/.test(reason)) return 'The order is no longer open: it was filled or cancelled meanwhile. (' + reason + ')';
  if (/InvalidExpiry/.test(reason)) return 'The expiry is not ahead of the chain\'s time; choose a later one. (' + reason + ')';
  if (/NotOrderOwner/.test(reason)) return 'Only the owner of an order can cancel it before it expires. (' + reason + ')';
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
      return balanceInWords(e.message);
    case 'PLEASE_WAIT':
      return 'The service is busy; wait a moment and try again.';
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
