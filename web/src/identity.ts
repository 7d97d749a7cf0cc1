// The identity adapters: where the page gets its identity-provider token.
// The service only verifies tokens (JWKS); which provider issues them is
// the adapter's business. On the embedded default the development
// provider signs in by name (POST /api/v1/dev/token, which exists only
// while the service is its own provider). In production an adapter around
// the provider's SDK (the platform's clients use Privy's) implements the
// same three methods; docs/webapp.md shows one. A service that offers
// Sign-In with Ethereum (PREDICT_SIWE_DOMAIN) is its own provider for
// wallets: SIWEAdapter.

import { getAddress, toHex } from 'viem';
import { ApiError, get, post } from './api';

export interface IdentityAdapter {
  /** kind names the provider, for the page. */
  readonly kind: string;
  /** subject is the signed-in identity (did:...), null when signed out. */
  subject(): string | null;
  /** token returns a token for the API, null when signed out. */
  token(): Promise<string | null>;
  /** refresh gets a new token after the service answered 401. */
  refresh(): Promise<string | null>;
  signOut(): void;
}

type DevState = { name: string; subject: string; token: string; expiresAt: number };
const devKey = 'predict.dev.identity';

/** DevAdapter signs in on the embedded default by picking a name. */
export class DevAdapter implements IdentityAdapter {
  readonly kind = 'development sign-in';
  private state: DevState | null;

  constructor() {
    try {
      this.state = JSON.parse(localStorage.getItem(devKey) || 'null');
    } catch {
      this.state = null;
    }
  }

  /** signIn mints a token for did:dev:<name>. */
  async signIn(name: string): Promise<string> {
    const d = await post<{ token: string; subject: string; expiresAt: string }>('dev/token', { name }, { auth: false });
    this.state = { name, subject: d.subject, token: d.token, expiresAt: Date.parse(d.expiresAt) };
    localStorage.setItem(devKey, JSON.stringify(this.state));
    return d.subject;
  }

  subject() {
    return this.state?.subject ?? null;
  }

  async token() {
    if (!this.state) return null;
    // Renew a minute before expiry rather than after a 401.
    if (this.state.expiresAt - Date.now() < 60_000) return this.refresh();
    return this.state.token;
  }

  async refresh() {
    if (!this.state) return null;
    await this.signIn(this.state.name);
    return this.state!.token;
  }

  signOut() {
    this.state = null;
    localStorage.removeItem(devKey);
  }
}

type SIWEState = { subject: string; address: string; token: string; expiresAt: number; refreshToken: string; refreshExpiresAt: number };
type SIWEToken = { token: string; expiresAt: string; refreshToken: string; refreshExpiresAt: string; subject: string; address: string };
const siweKey = 'predict.siwe.identity';

/** Wallet is an EIP-1193 provider (window.ethereum). */
export type Wallet = { request(args: { method: string; params?: unknown[] }): Promise<any> };

/**
 * SIWEAdapter signs in with Ethereum (EIP-4361) when the service offers it
 * (config's siwe): the wallet signs the service's message, the service
 * answers a token of its own and a refresh token, good once, which renews
 * it. The identity is did:pkh:eip155:<chain>:<address>.
 */
export class SIWEAdapter implements IdentityAdapter {
  readonly kind = 'Sign-In with Ethereum';
  private state: SIWEState | null;
  private refreshing: Promise<string | null> | null = null;

  constructor() {
    try {
      this.state = JSON.parse(localStorage.getItem(siweKey) || 'null');
    } catch {
      this.state = null;
    }
  }

  /** signIn asks wallet for its account, has it sign the service's message and keeps the tokens. */
  async signIn(wallet: Wallet): Promise<string> {
    const [addr] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
    if (!addr) throw new Error('the wallet gave no account');
    const n = await get<{ nonce: string; domain: string; chainId: number }>('auth/siwe-nonce', {}, { auth: false, fresh: true });
    const message = siweMessage(n.domain, getAddress(addr), location.origin, n.chainId, n.nonce, new Date());
    const signature = (await wallet.request({ method: 'personal_sign', params: [toHex(message), addr.toLowerCase()] })) as string;
    this.keep(await post<SIWEToken>('auth/siwe-login', { message, signature }, { auth: false }));
    return this.state!.subject;
  }

  private keep(t: SIWEToken) {
    this.state = { subject: t.subject, address: t.address, token: t.token, expiresAt: Date.parse(t.expiresAt),
      refreshToken: t.refreshToken, refreshExpiresAt: Date.parse(t.refreshExpiresAt) };
    localStorage.setItem(siweKey, JSON.stringify(this.state));
  }

  subject() {
    return this.state?.subject ?? null;
  }

  async token() {
    if (!this.state) return null;
    // Renew a minute before expiry rather than after a 401.
    if (this.state.expiresAt - Date.now() < 60_000) return this.refresh();
    return this.state.token;
  }

  /** refresh trades the refresh token for new tokens; once at a time, since each refresh token works once. */
  refresh() {
    this.refreshing ??= this.renew().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async renew(): Promise<string | null> {
    const s = this.state;
    if (!s) return null;
    if (s.refreshExpiresAt <= Date.now()) {
      this.signOut(); // the wallet signs in again
      return null;
    }
    try {
      this.keep(await post<SIWEToken>('auth/siwe-refresh', { refreshToken: s.refreshToken }, { auth: false }));
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'PRIVY') {
        this.signOut(); // used or revoked: sign in again
        return null;
      }
      throw e;
    }
    return this.state!.token;
  }

  signOut() {
    this.state = null;
    localStorage.removeItem(siweKey);
  }
}

/** siweMessage is the EIP-4361 message signing in to domain as address (EIP-55). */
export function siweMessage(domain: string, address: string, uri: string, chainId: number, nonce: string, issuedAt: Date): string {
  return [
    `${domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    'Sign in to predict.',
    '',
    `URI: ${uri}`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
  ].join('\n');
}
