// Small pieces every page uses: the router, hooks, amounts, errors,
// operation progress and the SVG chart.

import { useEffect, useState, useCallback, useMemo, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { coalesce, inWords } from './api';
import { decimals, symbol, state, watch } from './session';
import { MINUS, niceTicks, signedUnits, timeTicks, toUnits } from './format';
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

/**
 * Progress says what an operation does in a sentence: what it is doing
 * while it runs, what it did once confirmed, why not when it failed. The
 * steps (prepare, check, sign, submit, the chain) and the operation's
 * hash and block are under "Details", each named.
 */
export function Progress({ steps }: { steps: Step[] }) {
  if (!steps.length) return null;
  const last = steps[steps.length - 1];
  const say = steps[0].say;
  const outcome = last.state === 'failed' ? 'failed' : last.state === 'done' ? 'confirmed' : 'running';
  const doing = last.label.charAt(0).toLowerCase() + last.label.slice(1);
  return (
    <div class="progress" role="status" aria-live="polite" data-seq={last.seq} data-state={outcome}>
      {outcome === 'running' ? <p class="now"><span class="dot" aria-hidden="true">…</span> {say ? say.doing + ' — ' + doing : last.label}…</p> : null}
      {outcome === 'confirmed' ? <p class="now done"><span class="dot" aria-hidden="true">✓</span> {say ? say.done : 'Done.'}</p> : null}
      {outcome === 'failed' ? <p class="now error"><span class="dot" aria-hidden="true">✗</span> {say ? say.failed + '. ' : ''}{last.detail}</p> : null}
      <details class="steps">
        <summary>Details</summary>
        <ol>
          {steps.map((s) => (
            <li class={s.state}>
              <span class="dot" aria-hidden="true">{s.state === 'done' ? '✓' : s.state === 'failed' ? '✗' : '…'}</span> {s.label}
              {s.detail && s.state !== 'failed' ? <div class="muted"><code>{s.detail}</code></div> : null}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** clearFailed drops the progress of an operation that failed: the form has changed since, and its reason no longer applies. */
export const clearFailed = (steps: Step[]) => (steps.length && steps[steps.length - 1].state === 'failed' ? [] : steps);

/** AMOUNT_HINT is what an amount that is not one asks for. */
export const AMOUNT_HINT = 'Enter an amount above 0, such as 10 or 7.50.';

/** Tabs is a row of toggle buttons; compact keeps them on one line, each as wide as the others (a chart's intervals on a phone). */
export const Tabs = ({ value, options, onChange, label, compact }: { value: string; options: [string, string][]; onChange: (v: string) => void; label: string; compact?: boolean }) => (
  <div class={compact ? 'tabs compact' : 'tabs'} role="group" aria-label={label}>
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

// The width of a label in the chart's font, measured once per text.
let measurer: CanvasRenderingContext2D | null = null;
const widths = new Map<string, number>();
function textWidth(text: string, font: string): number {
  const key = font + '\n' + text;
  let w = widths.get(key);
  if (w === undefined) {
    measurer ??= document.createElement('canvas').getContext('2d');
    if (measurer) measurer.font = font;
    w = measurer ? measurer.measureText(text).width : text.length * 7;
    widths.set(key, w);
  }
  return w;
}

/**
 * useWidth is the content width of the element given the returned ref
 * (a callback, so that an element shown later is measured too),
 * following its resizes, and the element.
 */
function useWidth(): [(el: HTMLElement | null) => void, number, { current: HTMLElement | null }] {
  const [width, setWidth] = useState(0);
  const node = useRef<HTMLElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    if (el === node.current) return;
    observer.current?.disconnect();
    observer.current = null;
    node.current = el;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width, node];
}

type Point = { t: number; v: number };

/**
 * Chart draws series of (time, value) as an SVG line chart from `from` to
 * `to` (ms; by default the data's first and last times). The drawing is
 * made for the width the chart has, in pixels, so that its labels are
 * never stretched or squashed: round values up the side, round UTC times
 * along the bottom written for the span (times within a day, dates
 * within weeks), as many as fit without touching.
 */
// unit is the span a flat series at zero is drawn in (1 by default; the
// value chart's is one token).
export function Chart({ series, yMax, format, label, from, to, unit = 1 }: { series: { title: string; points: Point[] }[]; yMax?: number; format: (v: number) => string; label: string; from?: number; to?: number; unit?: number }) {
  const [ref, W, node] = useWidth();
  const H = W && W < 360 ? 180 : 220;
  // The drawing is placed over a box of its height, so that its width
  // never widens the page: a narrower screen narrows the box, and the
  // chart is drawn again for it.
  const figure = (svg: ComponentChildren, legend?: ComponentChildren) => (
    <figure class="chart" ref={ref}><div class="plot" style={{ height: H + 'px' }}>{svg}</div>{legend}</figure>
  );
  const clean = series.map((s) => ({ ...s, points: s.points.filter((p) => isFinite(p.v) && isFinite(p.t)).sort((a, b) => a.t - b.t) }));
  const all = clean.flatMap((s) => s.points);
  if (!all.length) return <p class="muted">No data yet.</p>;
  const end = to ?? Math.max(Date.now(), ...all.map((p) => p.t));
  let start = from ?? Math.min(...all.map((p) => p.t));
  if (!(end > start)) start = end - 3600_000; // one moment: an hour up to it
  // A value holds until the next point: one before the window opens it,
  // and the last is carried to its end, so a series of one point still
  // draws a line.
  const drawn = clean.map((s) => {
    const before = s.points.filter((p) => p.t <= start);
    const inside = s.points.filter((p) => p.t > start && p.t <= end);
    const pts = [...(before.length ? [{ t: start, v: before[before.length - 1].v }] : []), ...inside];
    if (pts.length && pts[pts.length - 1].t < end) pts.push({ t: end, v: pts[pts.length - 1].v });
    return { ...s, points: pts };
  });
  const values = drawn.flatMap((s) => s.points.map((p) => p.v));
  if (!values.length) return <p class="muted">No data yet.</p>;
  if (!W) return figure(null);
  let lo = yMax !== undefined ? 0 : Math.min(...values);
  let hi = yMax !== undefined ? yMax : Math.max(...values);
  // A flat series (all zero, or one value) still gets an axis: a span
  // around its value, never a zero one (which would divide by zero).
  if (!(hi - lo > Math.abs(hi) * 0.02)) {
    const pad = Math.abs(hi) * 0.1 || unit;
    hi += pad;
    lo = lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
  }
  const yTicks = yMax !== undefined ? niceTicks(0, yMax, 5) : niceTicks(lo, hi, H < 200 ? 4 : 5);
  lo = yTicks[0];
  hi = yTicks[yTicks.length - 1];
  const font = '11px ' + getComputedStyle(node.current!).fontFamily;
  const yLabels = yTicks.map((v) => ({ v, text: format(v) }));
  const T = 8, B = 24, R = 10;
  const L = Math.ceil(Math.max(textWidth('UTC', font), ...yLabels.map((l) => textWidth(l.text, font)))) + 10;
  const plot = W - L - R;
  const x = (t: number) => L + ((t - start) / (end - start)) * plot;
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  // As many time labels as fit, each with room around it; one at an edge
  // of the plot ends there rather than past it.
  const room = Math.max(textWidth('Nov 2026', font), textWidth('27 Nov', font), textWidth('00:00', font)) + 20;
  const xTicks = timeTicks(start, end, Math.max(1, Math.floor(plot / room))).map((k) => {
    const w = textWidth(k.label, font), at = x(k.t);
    return at + w / 2 > W - 1 ? { ...k, at: W - 1, anchor: 'end' } : at - w / 2 < L ? { ...k, at: L, anchor: 'start' } : { ...k, at, anchor: 'middle' };
  });
  return figure(
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-from={start} data-to={end}>
        {yLabels.map((l) => (
          <g>
            <line x1={L} x2={W - R} y1={y(l.v)} y2={y(l.v)} class="grid" />
            <text x={L - 6} y={y(l.v) + 4} text-anchor="end" class="tick y">{l.text}</text>
          </g>
        ))}
        {xTicks.map((k) => (
          <g>
            <line x1={x(k.t)} x2={x(k.t)} y1={H - B} y2={H - B + 4} class="axis" />
            <text x={k.at} y={H - 6} text-anchor={k.anchor} class="tick x">{k.label}</text>
          </g>
        ))}
        <text x={L - 6} y={H - 6} text-anchor="end" class="tick zone">UTC</text>
        {drawn.map((s, i) => {
          const pts = s.points;
          if (!pts.length) return null;
          const lastP = pts[pts.length - 1];
          return (
            <g>
              <polyline fill="none" stroke={palette[i % palette.length]} stroke-width="2" stroke-linejoin="round"
                points={pts.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')} />
              <circle cx={x(lastP.t).toFixed(1)} cy={y(lastP.v).toFixed(1)} r="3" fill={palette[i % palette.length]} />
            </g>
          );
        })}
    </svg>,
    series.length > 1 ? (
      <figcaption class="legend">
        {series.map((s, i) => <span><i style={{ background: palette[i % palette.length] }} /> {s.title}</span>)}
      </figcaption>
    ) : null,
  );
}
