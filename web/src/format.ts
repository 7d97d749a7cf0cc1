// Numbers as a person reads them. Amounts travel as base-unit integer
// strings and are shown divided by 10^decimals, never raw, rounded (half
// away from zero, never cut) to two decimals everywhere; prices are
// percentages everywhere (the market, trades, positions, quotes and the
// chart); a minus is always U+2212 and a figure that rounds to zero has
// no sign.

/** MINUS is the one minus sign of the page. */
export const MINUS = '\u2212';

/** AMOUNT_DECIMALS is how many decimals every amount shows. */
export const AMOUNT_DECIMALS = 2;

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * toUnits shows base units as token units with frac decimals (2 by
 * default), rounded half away from zero: 1.005 is "1.01", 0.004 is "0.00"
 * shown as "< 0.01" since it is not nothing, −0.001 likewise "> −0.01".
 * frac = decimals shows the exact amount, trailing zeros dropped
 * (lpUnits).
 */
export function toUnits(raw: string | bigint | undefined | null, decimals: number, frac = AMOUNT_DECIMALS): string {
  if (raw === undefined || raw === null || raw === '') return '–';
  let v = typeof raw === 'bigint' ? raw : BigInt(raw);
  const neg = v < 0n;
  if (neg) v = -v;
  const exact = frac >= decimals;
  const keep = Math.min(frac, decimals);
  const drop = 10n ** BigInt(decimals - keep);
  let q = v / drop;
  if ((v % drop) * 2n >= drop && drop > 1n) q += 1n;
  if (q === 0n && v !== 0n) {
    const least = keep === 0 ? '1' : '0.' + '0'.repeat(keep - 1) + '1';
    return neg ? '> ' + MINUS + least : '< ' + least;
  }
  const unit = 10n ** BigInt(keep);
  let f = keep > 0 ? (q % unit).toString().padStart(keep, '0') : '';
  // In full (LP shares) the trailing zeros go; otherwise every amount has
  // the same decimals, a token with fewer included.
  f = exact && frac > AMOUNT_DECIMALS ? f.replace(/0+$/, '') : f.padEnd(frac, '0');
  return (neg && q !== 0n ? MINUS : '') + group((q / unit).toString()) + (f ? '.' + f : '');
}

/** lpUnits shows LP shares in full: every decimal that is not a trailing zero. */
export const lpUnits = (raw: string | bigint | undefined | null, decimals: number) => toUnits(raw, decimals, decimals);

/** signedUnits is toUnits with a + before a gain (a loss has its minus; zero neither). */
export function signedUnits(raw: string | bigint | undefined | null, decimals: number): string {
  const s = toUnits(raw, decimals);
  if (s === '–' || s.startsWith(MINUS) || s.startsWith('> ' + MINUS) || /^0(\.0*)?$/.test(s)) return s;
  return s.startsWith('< ') ? '< +' + s.slice(2) : '+' + s;
}

/** fixed shows x with digits decimals, the page's minus, and no sign on a figure that rounds to zero. */
function fixed(x: number, digits: number): string {
  let s = Math.abs(x).toFixed(digits);
  if (/^0(\.0*)?$/.test(s)) return s;
  const [w, f] = s.split('.');
  s = group(w) + (f ? '.' + f : '');
  return (x < 0 ? MINUS : '') + s;
}

/** signedPct shows a percentage change ("+12.5%", "−3.0%", "0.0%"); input in percent. */
export function signedPct(percent: string | number, digits = 1): string {
  const p = typeof percent === 'number' ? percent : parseFloat(percent);
  if (!isFinite(p)) return '–';
  const s = fixed(p, digits);
  return (s.startsWith(MINUS) || /^0(\.0*)?$/.test(s) ? s : '+' + s) + '%';
}

/** plural says a count with its noun: "1 holder", "2 holders", "1,000 traders". */
export function plural(n: number, one: string, many = one + 's'): string {
  return group(String(n)) + ' ' + (n === 1 ? one : many);
}

/** parseUnits reads a decimal the user typed into base units; null if malformed. */
export function parseUnits(s: string, decimals: number): bigint | null {
  s = s.trim().replace(/,/g, '');
  if (!/^\d*(\.\d*)?$/.test(s) || s === '' || s === '.') return null;
  const [w, f = ''] = s.split('.');
  if (f.length > decimals) return null;
  return BigInt(w || '0') * 10n ** BigInt(decimals) + BigInt((f + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

/**
 * pct shows a 0..1 decimal price as a percentage (a price of 0.62 is
 * "62.0%"): the one unit of prices on every page.
 */
export function pct(price: string | number, digits = 1): string {
  const p = typeof price === 'number' ? price : parseFloat(price);
  if (!isFinite(p)) return '–';
  return fixed(p * 100, digits) + '%';
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

/**
 * parsePricePct reads a limit price the user typed as a percentage (the
 * page's unit of prices: "40" or "40.5%" is 0.40 or 0.405 base tokens per
 * option token) into the API's 18-decimal fixed point; null unless
 * strictly between 0 and 100 % with at most 16 decimals (the price's 18).
 */
export function parsePricePct(s: string): bigint | null {
  const v = parseUnits(s.trim().replace(/\s*%$/, ''), 16);
  if (v === null || v <= 0n || v >= 10n ** 18n) return null;
  return v;
}

/** priceDecimal writes an 18-decimal fixed-point price as the API's decimal string ("0.405"). */
export function priceDecimal(fixed18: bigint): string {
  const unit = 10n ** 18n;
  const f = (fixed18 % unit).toString().padStart(18, '0').replace(/0+$/, '');
  return (fixed18 / unit).toString() + (f ? '.' + f : '');
}

/**
 * limitPct shows a limit price as a percentage with the decimals it has
 * (at least one, at most four): two limits a user set apart, 40.25 % and
 * 40.3 %, never read the same.
 */
export function limitPct(price: string): string {
  const p = parseFloat(price);
  if (!isFinite(p)) return '–';
  const s = fixed(p * 100, 4).replace(/(\.\d)(\d*?)0+$/, '$1$2');
  return s + '%';
}

/**
 * niceTicks returns the values of an axis from lo to hi in round steps
 * (1, 2, 2.5 or 5 times a power of ten), about count of them: the first
 * at or below lo, the last at or above hi.
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!isFinite(lo) || !isFinite(hi) || !(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, count - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9))!;
  const first = Math.floor(lo / step + 1e-9);
  const out: number[] = [];
  for (let k = first; ; k++) {
    const v = Number((k * step).toPrecision(12)); // 0.3, not 0.30000000000000004
    out.push(v);
    if (v >= hi - step * 1e-9) return out;
  }
}

const MINUTE = 60_000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** The steps of a time axis shorter than a month; weeks start on Mondays. */
const timeSteps = [10_000, 30_000, MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY];

/** dayMonth is a UTC date as the axes write it: "27 Nov". */
const dayMonth = (d: Date) => d.getUTCDate() + ' ' + months[d.getUTCMonth()];

/**
 * timeTicks places the labels of a time axis from `from` to `to` (ms): at
 * most max of them, at round UTC times (every 10 seconds, 5 minutes, 6
 * hours, day, week, month…), each written for the span: "06:00:30"
 * within a minute or two, "06:00" within a day (a
 * midnight as its date, "27 Nov"), "27 Nov" for days and weeks, "Nov
 * 2026" for months. A week's chart so reads from one date to another,
 * never the same time twice.
 */
export function timeTicks(from: number, to: number, max: number): { t: number; label: string }[] {
  if (!isFinite(from) || !isFinite(to) || !(to > from) || max < 1) return [];
  // The epoch was a Thursday: weeks are counted from a Monday, 4 days later.
  const shift = (step: number) => (step >= 7 * DAY ? 4 * DAY : 0);
  const first = (step: number) => Math.ceil((from - shift(step)) / step) * step + shift(step);
  // The shortest step whose round times in the span are few enough.
  const step = timeSteps.find((s) => Math.floor((to - first(s)) / s) + 1 <= max);
  const out: { t: number; label: string }[] = [];
  if (step !== undefined) {
    for (let t = first(step); t <= to; t += step) {
      const d = new Date(t);
      const midnight = t % DAY === 0;
      const hm = two(d.getUTCHours()) + ':' + two(d.getUTCMinutes());
      out.push({ t, label: step < MINUTE ? hm + ':' + two(d.getUTCSeconds()) : step < DAY && !midnight ? hm : dayMonth(d) });
    }
    return out;
  }
  const start = new Date(from);
  const month = start.getUTCFullYear() * 12 + start.getUTCMonth() + (from > Date.UTC(start.getUTCFullYear(), start.getUTCMonth()) ? 1 : 0);
  const last = new Date(to).getUTCFullYear() * 12 + new Date(to).getUTCMonth();
  const every = [1, 2, 3, 6, 12, 24, 60].find((m) => Math.floor((last - Math.ceil(month / m) * m) / m) + 1 <= max) ?? 120;
  for (let m = Math.ceil(month / every) * every; m <= last; m += every) {
    const t = Date.UTC(Math.floor(m / 12), m % 12);
    out.push({ t, label: months[m % 12] + ' ' + Math.floor(m / 12) });
  }
  return out;
}

/**
 * decimalUnits shows a decimal the service wrote in a message
 * ("450.665305") as the page shows amounts: "450.67".
 */
export function decimalUnits(s: string): string {
  const v = parseUnits(s, 18);
  return v === null ? s : toUnits(v, 18);
}

/**
 * balanceInWords says the service's refusal of an operation that spends
 * more than the account holds ("not enough USDC: balance 450.665305 USDC,
 * buy 50000 USDC") once, with amounts as the page shows them: "Not enough
 * USDC: you have 450.67 USDC; this buy needs 50,000.00 USDC."
 */
export function balanceInWords(msg: string): string {
  const m = /^not enough (.+?): balance ([\d.]+) (.+?), (.+?) ([\d.]+) (.+)$/.exec(msg.trim());
  if (!m) return 'Not enough balance: ' + msg.replace(/\d+\.\d{3,}/g, decimalUnits);
  const unit = (u: string) => u.replace(/"/g, '');
  return `Not enough ${unit(m[1])}: you have ${decimalUnits(m[2])} ${unit(m[3])}; this ${m[4]} needs ${decimalUnits(m[5])} ${unit(m[6])}.`;
}
