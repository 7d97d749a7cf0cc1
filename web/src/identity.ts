// The identity adapter: where the page gets its identity-provider token.
// The service only verifies tokens (JWKS); which provider issues them is
// the adapter's business. On the embedded default the development
// provider signs in by name (POST /api/v1/dev/token, which exists only
// while the service is its own provider). In production an adapter around
// the provider's SDK (the platform's clients use Privy's) implements the
// same three methods; docs/webapp.md shows one.

import { post } from './api';

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
