// Numbers in token units: amounts travel as base-unit integer strings and
// are shown divided by 10^decimals, never raw.

export function toUnits(raw: string | bigint | undefined | null, decimals: number, maxFrac = 2): string {
  if (raw === undefined || raw === null || raw === '') return '–';
  let v = typeof raw === 'bigint' ? raw : BigInt(raw);
  const neg = v < 0n;
  if (neg) v = -v;
  const unit = 10n ** BigInt(decimals);
  const whole = v / unit;
  let frac = (v % unit).toString().padStart(decimals, '0').slice(0, maxFrac).replace(/0+$/, '');
  const w = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (neg ? '−' : '') + w + (frac ? '.' + frac : '');
}

/** parseUnits reads a decimal the user typed into base units; null if malformed. */
export function parseUnits(s: string, decimals: number): bigint | null {
  s = s.trim().replace(/,/g, '');
  if (!/^\d*(\.\d*)?$/.test(s) || s === '' || s === '.') return null;
  const [w, f = ''] = s.split('.');
  if (f.length > decimals) return null;
  return BigInt(w || '0') * 10n ** BigInt(decimals) + BigInt((f + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

/** pct shows a 0..1 decimal price as a percentage (a price of 0.62 is "62.0%"). */
export function pct(price: string | number, digits = 1): string {
  const p = typeof price === 'number' ? price : parseFloat(price);
  if (!isFinite(p)) return '–';
  return (p * 100).toFixed(digits) + '%';
}

/** cents shows a price in base tokens per option token. */
export function price(p: string | number): string {
  const v = typeof p === 'number' ? p : parseFloat(p);
  return isFinite(v) ? v.toFixed(3) : '–';
}

export function when(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  const s = (Date.now() - d.getTime()) / 1000;
  if (s < 60 && s > -60) return 'just now';
  if (s > 0 && s < 3600) return Math.floor(s / 60) + ' min ago';
  if (s > 0 && s < 86400) return Math.floor(s / 3600) + ' h ago';
  return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export const short = (a: string) => (a ? a.slice(0, 6) + '…' + a.slice(-4) : '');

/** duration says a number of seconds in words ("2 h", "1 h 30 min", "45 s"). */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const parts = [h ? h + ' h' : '', m ? m + ' min' : '', r && !h ? r + ' s' : ''].filter(Boolean);
  return parts.join(' ') || '0 s';
}

/** clock shows seconds left as h:mm:ss (or m:ss under an hour). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

/** utc shows an instant as "2026-11-23 21:40:05 UTC". */
export const utc = (iso: string) => (iso ? new Date(iso).toISOString().slice(0, 19).replace('T', ' ') + ' UTC' : '');
