// The signed-in user: identity adapter, owner key, smart account, profile
// and the one event stream of the page.

import type { Hex } from 'viem';
import { ApiError, coalesce, get, post, setTokenSource } from './api';
import { DevAdapter, SIWEAdapter, type IdentityAdapter, type Wallet } from './identity';
import { browserOwner, keepOwnerKey, keyAddress, storedOwnerKey, walletOwner, type Owner } from './owner';
import type { Config } from './ops';
import { EventStream } from './sse';

export type UserInfo = { uid: string; address: string; addressVerified: boolean; userName: string; avatarUrl: string; roles: string[]; inviteCode: string };
export type Session = { adapter: IdentityAdapter; subject: string; owner: Owner; account: Hex; user: UserInfo };
/** SiteConfig is GET /api/v1/config: the chain, and the sign-ins the service offers. */
export type SiteConfig = Config & { siwe?: boolean; devSignIn?: boolean };

type State = { cfg: SiteConfig | null; session: Session | null; unread: number; balance: string | null; live: EventStream['state'] };
export const state: State = { cfg: null, session: null, unread: 0, balance: null, live: 'off' };
const watchers = new Set<() => void>();
export const watch = (fn: () => void) => {
  watchers.add(fn);
  return () => watchers.delete(fn);
};
export const changed = () => watchers.forEach((f) => f());

export const dev = new DevAdapter();
export const siwe = new SIWEAdapter();
/** identity is the adapter of the current sign-in: Sign-In with Ethereum when its tokens are kept, else the development one. */
const identity = (): IdentityAdapter => (siwe.subject() ? siwe : dev);
// The API and the stream ask the current adapter each time.
const tokens = { token: () => identity().token(), refresh: () => identity().refresh() };
export const stream = new EventStream(tokens.token, tokens.refresh);
stream.onState = (s) => {
  state.live = s;
  changed();
};

// The chain's clock: challenge windows and deadlines are chain time, which
// is not the browser's (a fast dev chain runs ahead of the wall clock, a
// test may move it). chainOffset is chain time minus the browser's clock,
// as of the last GET /api/v1/config.
let chainOffset = 0;
function setChainTime(cfg: SiteConfig | null) {
  if (cfg?.chainTime) chainOffset = cfg.chainTime * 1000 - Date.now();
}
/** chainNow is the chain's time now (ms), estimated from the last config. */
export const chainNow = () => Date.now() + chainOffset;
/** refreshChainTime reads the chain's time again. */
export async function refreshChainTime() {
  try {
    const cfg = await get<SiteConfig>('config', {}, { auth: false });
    setChainTime(cfg);
    if (state.cfg) state.cfg.chainTime = cfg.chainTime;
  } catch {
    /* keep the last estimate */
  }
}

export const base = () => state.cfg?.baseTokens[0];
export const decimals = () => base()?.decimals ?? 6;
export const symbol = () => base()?.symbol ?? '';
export const isAdmin = () => !!state.session?.user.roles.includes('admin');
export const isResolver = () => isAdmin() || !!state.session?.user.roles.includes('resolver');

const ownerKindKey = (s: string) => 'predict.ownerKind.' + s;

/** challengeFor checks a login challenge names this identity, account and chain before the owner signs it. */
function checkChallenge(msg: string, subject: string, account: string, chainId: number) {
  const lines = msg.split('\n');
  const want = ['Identity: ' + subject, 'Account: ' + account.toLowerCase(), 'Chain ID: ' + chainId];
  if (!lines[0].startsWith('Sign in to predict:') || !want.every((w) => lines.includes(w))) {
    throw new Error('refusing to sign: the login challenge is not for this identity, account and chain');
  }
}

/**
 * signIn signs in by name (development provider) with a browser key or a
 * wallet as owner. key, when given, is an existing owner key (one that
 * `predict login` made, exported from another browser) to keep in this
 * browser instead of a new one; a key that does not control the account
 * the identity is bound to is refused, and the browser keeps what it had.
 */
export async function signIn(name: string, ownerKind: 'browser key' | 'wallet', key?: Hex) {
  siwe.signOut(); // one sign-in at a time
  const subject = await dev.signIn(name);
  localStorage.setItem(ownerKindKey(subject), ownerKind);
  const before = storedOwnerKey(subject);
  if (key) keepOwnerKey(subject, key);
  try {
    await open(true, name);
  } catch (e) {
    if (key || !before) keepOwnerKey(subject, before); // a key that proved nothing is not kept
    dev.signOut();
    if (e instanceof ApiError && e.reason === 'CONFLICT' && ownerKind === 'browser key') {
      throw new Error(key
        ? `This owner key (owner ${keyAddress(key)}) does not control the account ${subject} is bound to; nothing was changed. (${e.message})`
        : `${subject} is bound to an account of another owner key (for instance one that \`predict login\` made). ` +
          'Sign in with that key: "Use an existing owner key" below, with its key file. (' + e.message + ')');
    }
    throw e;
  }
}

/**
 * adoptOwnerKey makes key this browser's owner key of the signed-in
 * identity, if it controls the bound account; otherwise it says whose
 * account the key controls and changes nothing.
 */
export async function adoptOwnerKey(key: Hex) {
  const s = state.session;
  if (!s) throw new Error('sign in first');
  const owner = keyAddress(key);
  const { accountAddress } = await get<{ accountAddress: Hex }>('aa/get-account-address', { owner });
  if (accountAddress.toLowerCase() !== s.account.toLowerCase()) {
    throw new Error(`This key does not control your account: it owns ${accountAddress.toLowerCase()}, and your account is ${s.account}. Nothing was changed.`);
  }
  keepOwnerKey(s.subject, key);
  localStorage.setItem(ownerKindKey(s.subject), 'browser key');
  s.owner = browserOwner(s.subject);
  changed();
}

/**
 * signInWithEthereum signs in through an EIP-1193 wallet (window.ethereum)
 * with Sign-In with Ethereum: the wallet signs the service's EIP-4361
 * message, and the same wallet owns the smart account (it signs the login
 * challenge and the operations).
 */
export async function signInWithEthereum() {
  const wallet = (window as any).ethereum as Wallet | undefined;
  if (typeof wallet?.request !== 'function') throw new Error('No Ethereum wallet found in this browser: install one (an EIP-1193 extension) to sign in with Ethereum.');
  dev.signOut(); // one sign-in at a time
  const subject = await siwe.signIn(wallet);
  localStorage.setItem(ownerKindKey(subject), 'wallet');
  try {
    await open(true);
  } catch (e) {
    siwe.signOut();
    throw e;
  }
}

/** restore reopens the session of a previous visit. */
export async function restore() {
  setTokenSource(tokens);
  try {
    state.cfg = await get<SiteConfig>('config', {}, { auth: false });
    setChainTime(state.cfg);
  } catch {
    state.cfg = null;
  }
  if (identity().subject()) {
    try {
      await open(false);
    } catch (e) {
      console.warn('session not restored', e);
    }
  }
  // Signed in or not, the page holds a stream: a visitor's carries the
  // open market's prices.
  stream.start();
  changed();
}

async function open(login: boolean, name?: string) {
  setTokenSource(tokens);
  const adapter = identity();
  const subject = adapter.subject()!;
  const kind = localStorage.getItem(ownerKindKey(subject)) === 'wallet' ? 'wallet' : 'browser key';
  const owner: Owner = kind === 'wallet' ? await walletOwner() : browserOwner(subject);
  const { accountAddress } = await get<{ accountAddress: Hex }>('aa/get-account-address', { owner: owner.address });
  const account = accountAddress.toLowerCase() as Hex;
  let user: UserInfo | null = null;
  if (!login) {
    try {
      user = await get<UserInfo>('user/get-user-info');
    } catch (e) {
      if (!(e instanceof ApiError) || e.reason !== 'NOT_REGISTERED') throw e;
    }
  }
  if (!user || user.address.toLowerCase() !== account || !user.addressVerified) {
    // Login with a proof: the owner signs the service's challenge, so the
    // binding of this account to this identity is final.
    const ch = await get<{ message: string }>('user/get-login-challenge', { address: account });
    checkChallenge(ch.message, subject, account, state.cfg!.chainId);
    const signature = await owner.sign(ch.message);
    await post('user/login', { address: account, challenge: ch.message, signature, owner: owner.address });
    user = await get<UserInfo>('user/get-user-info');
    if (name && !user.userName) {
      try {
        await post('user/set-username', { userName: name });
        user = { ...user, userName: name };
      } catch {
        /* a taken name: the user picks another on the profile page */
      }
    }
  }
  state.session = { adapter, subject, owner, account, user };
  // The stream now carries the user's events too.
  stream.restart();
  changed();
  refreshBadges();
}

export function signOut() {
  dev.signOut();
  siwe.signOut();
  stream.restart();
  state.session = null;
  state.unread = 0;
  state.balance = null;
  changed();
}

export async function reloadUser() {
  if (!state.session) return;
  state.session.user = await get<UserInfo>('user/get-user-info');
  changed();
}

/** refreshUnread reloads the header's unread count (coalesced). */
export const refreshUnread = coalesce(async () => {
  if (!state.session) return;
  try {
    const n = await get<{ unreadCount: number }>('user/get-user-notifications', { page: 1, pageSize: 1, status: 'unread' });
    state.unread = n.unreadCount;
    changed();
  } catch {
    /* shown stale until the next event */
  }
});

/** refreshBalance reloads the header's balance (coalesced). */
export const refreshBalance = coalesce(async () => {
  const s = state.session;
  if (!s || !base()) return;
  try {
    const a = await get<{ balance: string }>('market/get-user-asset-info', { uid: s.user.uid, baseTokenAddress: base()!.address });
    state.balance = a.balance;
    changed();
  } catch {
    /* shown stale until the next event */
  }
});

/** refreshBadges reloads the header's unread count and balance. */
export function refreshBadges() {
  refreshUnread();
  refreshBalance();
}

// Each event reloads what it concerns, once per burst.
stream.on((e) => {
  if (e.event === 'user:new_notification' || e.event === 'base:resync') refreshUnread();
  if (e.event === 'user:asset_changed' || e.event === 'base:resync') refreshBalance();
});

/** opContext is what runOp needs from the session. */
export const opContext = () => {
  const s = state.session;
  if (!s || !state.cfg) throw new Error('sign in first');
  return { cfg: state.cfg, owner: s.owner, account: s.account };
};

/** nudge wakes an operation's follower when the stream says one of the user's operations moved. */
export const nudge = (wake: () => void) =>
  stream.on((e) => {
    if (e.event === 'user:operation_status' || e.event === 'base:resync') wake();
  });
