// Small pieces every page uses: the router, hooks, amounts, errors,
// operation progress and the SVG chart.

import { useEffect, useState, useCallback, useMemo, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { coalesce, inWords } from './api';
import { decimals, symbol, state, watch } from './session';
import { MINUS, signedUnits, toUnits } from './format';
import type { Step } from './ops';

// --- router: the History API; every same-origin <a> navigates in place.
let path = location.pathname + location.search;
const routeWatchers = new Set<() => void>();
export function navigate(to: string, replace = false) {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  path = to;
  routeWatchers.forEach((f) => f());
  window.scrollTo(0, 0);
}
window.addEventListener('popstate', () => {
  path = location.pathname + location.search;
  routeWatchers.forEach((f) => f());
});
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.('a');
  if (!a || a.target || a.origin !== location.origin || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  if (a.pathname.startsWith('/api/')) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
});
export function useRoute(): string {
  const [, set] = useState(0);
  useEffect(() => {
    const f = () => set((n) => n + 1);
    routeWatchers.add(f);
    return () => void routeWatchers.delete(f);
  }, []);
  return path;
}

/** useStore re-renders on every change of the session state. */
export function useStore() {
  const [, set] = useState(0);
  useEffect(() => watch(() => set((n) => n + 1)), []);
  return state;
}

/**
 * useLoad runs load on mount and when deps change. reload() runs it again
 * without flicker, coalesced: the reloads asked for within 150 ms (a burst
 * of live events) read once, and one asked for while a read is on its way
 * reads once more after it.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: string; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const run = useCallback(() => {
    const n = ++seq.current;
    setLoading(true);
    return latest.current().then(
      (d) => {
        if (n !== seq.current) return;
        setData(d);
        setError('');
        setLoading(false);
      },
      (e) => {
        if (n !== seq.current) return;
        setError(inWords(e));
        setLoading(false);
      },
    );
  }, deps);
  useEffect(() => void run(), [run]);
  const reload = useMemo(() => coalesce(run), [run]);
  return { data, error, loading, reload };
}

/** Amount shows base units in token units, rounded to the page's two decimals, with the symbol. */
export const Amount = ({ raw, unit = true }: { raw: string | bigint | undefined; unit?: boolean }) => (
  <span class="num">{toUnits(raw, decimals())}{unit ? ' ' + symbol() : ''}</span>
);

/** Signed shows a gain with +, a loss with −, and zero with neither. */
export const Signed = ({ raw }: { raw: string | undefined }) => {
  const text = signedUnits(raw, decimals());
  const cls = text.includes('+') ? 'up' : text.includes(MINUS) ? 'down' : '';
  return <span class={'num ' + cls}>{text} {symbol()}</span>;
};

export const ErrorBox = ({ error }: { error: string }) => (error ? <p class="error" role="alert">{error}</p> : null);

export const Loading = () => <p class="muted" aria-busy="true">Loading…</p>;

export function Progress({ steps }: { steps: Step[] }) {
  if (!steps.length) return null;
  const last = steps[steps.length - 1];
  const outcome = last.state === 'failed' ? 'failed' : last.state === 'done' ? 'confirmed' : 'running';
  return (
    <ol class="progress" aria-live="polite" data-seq={last.seq} data-state={outcome}>
      {steps.map((s) => (
        <li class={s.state}>
          <span class="dot" aria-hidden="true">{s.state === 'done' ? '✓' : s.state === 'failed' ? '✗' : '…'}</span> {s.label}
          {s.detail ? <div class={s.state === 'failed' ? 'error' : 'muted'}>{s.detail}</div> : null}
        </li>
      ))}
    </ol>
  );
}

export const Tabs = ({ value, options, onChange, label }: { value: string; options: [string, string][]; onChange: (v: string) => void; label: string }) => (
  <div class="tabs" role="group" aria-label={label}>
    {options.map(([v, text]) => (
      <button type="button" aria-pressed={v === value} class={v === value ? 'on' : ''} onClick={() => onChange(v)}>{text}</button>
    ))}
  </div>
);

export const Pager = ({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (p: number) => void }) => {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label="pages">
      <button disabled={page <= 1} onClick={() => onPage(page - 1)}>‹ Previous</button>
      <span>Page {page} of {pages}</span>
      <button disabled={page >= pages} onClick={() => onPage(page + 1)}>Next ›</button>
    </nav>
  );
};

export const Card = ({ title, children, id }: { title?: string; children: ComponentChildren; id?: string }) => (
  <section class="card" id={id} aria-label={title}>
    {title ? <h2>{title}</h2> : null}
    {children}
  </section>
);

const palette = ['#2b59c3', '#d1495b', '#2e933c', '#edae49', '#7b2cbf', '#00798c'];

/** Chart draws series of (time, value) as an SVG line chart. */
// unit is the span a flat series at zero is drawn in (1 by default; the
// value chart's is one token).
export function Chart({ series, yMax, format, label, to, unit = 1 }: { series: { title: string; points: { t: number; v: number }[] }[]; yMax?: number; format: (v: number) => string; label: string; to?: number; unit?: number }) {
  const W = 640, H = 220, L = 64, B = 24, T = 8, R = 8;
  // A value holds until the next point: carry the last one to the end of
  // the window, so a series of one point still draws a line.
  const end = to ?? Date.now();
  series = series.map((s) => (s.points.length && s.points[s.points.length - 1].t < end ? { ...s, points: [...s.points, { t: end, v: s.points[s.points.length - 1].v }] } : s));
  const all = series.flatMap((s) => s.points);
  if (!all.length) return <p class="muted">No data yet.</p>;
  const finite = all.filter((p) => isFinite(p.v) && isFinite(p.t));
  if (!finite.length) return <p class="muted">No data yet.</p>;
  const t0 = Math.min(...finite.map((p) => p.t)), t1 = Math.max(...finite.map((p) => p.t));
  let lo = yMax !== undefined ? 0 : Math.min(...finite.map((p) => p.v));
  let hi = yMax !== undefined ? yMax : Math.max(...finite.map((p) => p.v));
  // A flat series (all zero, or one value) still gets an axis: a span
  // around its value, never a zero one (which would divide by zero).
  if (!(hi - lo > Math.abs(hi) * 0.02)) {
    const pad = Math.abs(hi) * 0.1 || unit;
    hi += pad;
    lo = lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
  }
  const x = (t: number) => L + ((t - t0) / Math.max(1, t1 - t0)) * (W - L - R);
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => lo + f * (hi - lo));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none">
        {ticks.map((v) => (
          <g>
            <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} class="grid" />
            <text x={L - 4} y={y(v) + 4} text-anchor="end" class="tick">{format(v)}</text>
          </g>
        ))}
        <text x={L} y={H - 6} class="tick">{new Date(t0).toISOString().slice(5, 16).replace('T', ' ')}</text>
        <text x={W - R} y={H - 6} text-anchor="end" class="tick">{new Date(t1).toISOString().slice(5, 16).replace('T', ' ')}</text>
        {series.map((s, i) => (
          <polyline fill="none" stroke={palette[i % palette.length]} stroke-width="2" vector-effect="non-scaling-stroke"
            points={s.points.filter((p) => isFinite(p.v) && isFinite(p.t)).map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')} />
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption class="legend">
          {series.map((s, i) => <span><i style={{ background: palette[i % palette.length] }} /> {s.title}</span>)}
        </figcaption>
      ) : null}
    </figure>
  );
}
