// The owner key of the user's smart account: created and kept in this
// browser (localStorage), or any EIP-1193 wallet (window.ethereum).
// Either signs EIP-191 personal messages, which is what SimpleAccount
// v0.6 verifies for operations and the service verifies for login.

import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toHex } from 'viem';

export interface Owner {
  readonly kind: 'browser key' | 'wallet';
  readonly address: Hex;
  /** sign signs a personal message: text, or raw bytes (a userOpHash). */
  sign(message: string | { raw: Hex }): Promise<Hex>;
}

const keyName = (subject: string) => 'predict.owner.' + subject;

/** browserOwner returns the key kept for subject, creating it on first use. */
export function browserOwner(subject: string): Owner {
  let key = localStorage.getItem(keyName(subject)) as Hex | null;
  if (!key || !/^0x[0-9a-f]{64}$/i.test(key)) {
    key = generatePrivateKey();
    localStorage.setItem(keyName(subject), key);
  }
  const acct = privateKeyToAccount(key);
  return {
    kind: 'browser key',
    address: acct.address.toLowerCase() as Hex,
    sign: (message) => acct.signMessage({ message }),
  };
}

type EIP1193 = { request(args: { method: string; params?: unknown[] }): Promise<any> };

/** hasWallet reports whether an EIP-1193 wallet is injected. */
export const hasWallet = () => typeof (window as any).ethereum?.request === 'function';

/** walletOwner asks the injected wallet for an account to own the smart account. */
export async function walletOwner(): Promise<Owner> {
  const eth = (window as any).ethereum as EIP1193;
  const [addr] = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
  if (!addr) throw new Error('the wallet gave no account');
  const address = addr.toLowerCase() as Hex;
  return {
    kind: 'wallet',
    address,
    sign: async (message) => {
      const data = typeof message === 'string' ? toHex(message) : message.raw;
      return (await eth.request({ method: 'personal_sign', params: [data, address] })) as Hex;
    },
  };
}

// Export and import of the browser's key, so that one owner key serves
// the web app and `predict login --key-file FILE` alike (the account is
// bound to one owner address for good). The file is what the CLI's key
// files hold (chain.ParseKey): 64 hex digits and a newline.

/** parseOwnerKey reads a private key as 64 hex digits (0x optional, blanks around ignored); null if it is none. */
export function parseOwnerKey(text: string): Hex | null {
  const t = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(t)) return null;
  const key = ('0x' + t.toLowerCase()) as Hex;
  try {
    privateKeyToAccount(key); // zero or past the curve's order: not a key
  } catch {
    return null;
  }
  return key;
}

/** keyAddress is the owner address of a key. */
export const keyAddress = (key: Hex) => privateKeyToAccount(key).address.toLowerCase() as Hex;

/** ownerKeyFile is the browser's key of subject as a key file's text, null when the browser keeps none. */
export function ownerKeyFile(subject: string): string | null {
  const key = localStorage.getItem(keyName(subject));
  return key && parseOwnerKey(key) ? key.slice(2).toLowerCase() + '\n' : null;
}

/** storedOwnerKey is the key kept for subject, null when none. */
export const storedOwnerKey = (subject: string) => parseOwnerKey(localStorage.getItem(keyName(subject)) || '');

/** keepOwnerKey makes key the browser's owner key of subject (null forgets it). */
export function keepOwnerKey(subject: string, key: Hex | null) {
  if (key) localStorage.setItem(keyName(subject), key);
  else localStorage.removeItem(keyName(subject));
}
