// Limit orders on the market page: the limit form of the trade panel, the
// order book beside the chart and the user's orders with their fills.
// Orders rest in the LimitOrders escrow (docs/markets.md, "Limit
// orders"); placing and cancelling them are operations like any other,
// prepared by the service, checked and signed here (ops.ts).

import { useEffect, useState } from 'preact/hooks';
import type { Hex } from 'viem';
import type { Intent } from '../calldata';
import { get } from '../api';
import { limitPct, parsePricePct, parseUnits, pct, plural, priceDecimal, toUnits, when } from '../format';
import { runOp, type Say, type Step } from '../ops';
import { chainNow, decimals, nudge, opContext, refreshChainTime, state, symbol } from '../session';
import { AMOUNT_HINT, Card, ErrorBox, Pager, Progress, Tabs, clearFailed } from '../ui';

type Option = { optionAddress: Hex; title: string; price: string };
export type MarketOf = { marketAddress: Hex; status: string; endTime: string; options: Option[] };

export type Fill = { counterparty: string; counterOrderId: number; amountIn: string; amountOut: string; txHash: string; createdAt: string };
export type LimitOrder = {
  orderId: number; orderUuid: string; marketAddress: Hex; optionAddress: Hex; optionIndex: number; side: 1 | 2; price: string;
  amount: string; remaining: string; filled: string; received: string; expiry: string; postOnly: boolean; status: string;
  createdAt: string; fills?: Fill[];
};
export type OrdersPage = { total: number; orders: LimitOrder[] };
type Level = { price: string; remaining: string; orders: number };
export type Book = { marketAddress: Hex; options: { optionAddress: Hex; optionIndex: number; poolPrice: string; bids: Level[]; asks: Level[] }[] };

/** The longest an order may rest (the service's MaxOrderLife), less an hour for the chain clock's drift since it was read. */
const goodTillCancelled = 90 * 86400 - 3600;

const statusWords: Record<string, string> = {
  open: 'open', partially_filled: 'partially filled', filled: 'filled', cancelled: 'cancelled', expired: 'expired',
};

/** holdsEscrow: a cancel still refunds something (an expired order's remainder waits in the escrow too). */
const holdsEscrow = (o: LimitOrder) => (o.status === 'open' || o.status === 'partially_filled' || o.status === 'expired') && o.remaining !== '0';

/** chainToWall turns chain unix seconds into the browser's time (ISO), as the chain's clock is not the browser's. */
const chainToWall = (unix: string) => new Date(Number(unix) * 1000 - (chainNow() - Date.now())).toISOString();

/** ratio is a / b as a number (an average price from two amounts of the same decimals). */
const ratio = (a: string, b: string) => (BigInt(b) === 0n ? NaN : Number((BigInt(a) * 10n ** 18n) / BigInt(b)) / 1e18);

/** inSellOrders is what the user's sell orders of an option hold in escrow: tokens of the position that cannot be sold meanwhile. */
export const inSellOrders = (orders: LimitOrder[] | undefined, option: string) =>
  (orders || []).filter((o) => o.side === 2 && holdsEscrow(o) && o.optionAddress.toLowerCase() === option.toLowerCase())
    .reduce((sum, o) => sum + BigInt(o.remaining), 0n);

/** orderWords says an order as a person would: "7.50 USDC of Yes at 35.0% or better", "5.00 Yes tokens at 90.0% or better". */
const orderWords = (isBuy: boolean, amount: bigint | string, title: string, price: string) =>
  isBuy ? `${toUnits(amount, decimals())} ${symbol()} of ${title} at ${limitPct(price)} or better` : `${toUnits(amount, decimals())} ${title} tokens at ${limitPct(price)} or better`;

/** LimitForm places a limit order: option, side, limit price (a percentage, the page's unit of prices), amount, expiry, post-only. */
export function LimitForm({ d, positions, orders, onDone }: { d: MarketOf; positions: any[]; orders: LimitOrder[] | undefined; onDone: () => void }) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [opt, setOpt] = useState(0);
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [expiry, setExpiry] = useState('gtc');
  const [until, setUntil] = useState('');
  const [postOnly, setPostOnly] = useState(false);
  const [err, setErr] = useState('');
  const [steps, setSteps] = useState<Step[]>([]);
  const [busy, setBusy] = useState(false);
  const escrow = state.cfg?.limitOrders;
  const option = d.options[opt];
  const limit = parsePricePct(price);
  const raw = parseUnits(amount, decimals());
  const held = positions.find((p) => p.optionAddress.toLowerCase() === option.optionAddress.toLowerCase());
  const pool = parseFloat(option.price);
  const limitN = limit === null ? NaN : Number(limit) / 1e18;
  // Marketable: the pool's price is already within the limit, so a fill
  // from the pool is possible at once (not for a post-only order).
  const marketable = limit !== null && (side === 'buy' ? pool <= limitN : pool >= limitN);
  const closed = d.status !== 'running';
  const sym = symbol();
  const units = (x: bigint | string) => toUnits(x, decimals());
  const tokens = side === 'buy' ? sym : option.title + ' tokens';
  // A failed placement's reason goes once the order is another.
  useEffect(() => {
    setSteps(clearFailed);
    setErr('');
  }, [side, opt, price, amount, expiry, until]);

  // The expiry in chain time, which the escrow compares with its blocks'
  // timestamps; a date the user picks is the browser's clock, moved by the
  // chain's offset from it. No order outlives its market: an expiry past
  // the market's end (chain time too) is the end.
  const end = Math.floor(Date.parse(d.endTime) / 1000);
  const ahead: Record<string, number> = { gtc: goodTillCancelled, '1h': 3600, '1d': 86400, '1w': 7 * 86400 };
  const capped = (k: string) => Math.floor(chainNow() / 1000) + ahead[k] > end;
  const expiryAt = (): bigint | string => {
    const now = Math.floor(chainNow() / 1000);
    if (expiry in ahead) return BigInt(Math.min(now + ahead[expiry], end));
    const t = Date.parse(until);
    if (!isFinite(t)) return 'Choose the date and time the order expires.';
    const at = Math.floor((t + chainNow() - Date.now()) / 1000);
    if (at <= now + 60) return 'The expiry must be in the future.';
    if (at > end) return `The market ends ${when(d.endTime)}: choose a time before then.`;
    if (at > now + 90 * 86400) return 'An order rests at most 90 days.';
    return BigInt(at);
  };
  const exp = expiryAt();

  // What is wrong with the form, said as it is typed: one message.
  const balance = state.balance === null ? null : BigInt(state.balance);
  const free = (held ? BigInt(held.amount) : 0n) - inSellOrders(orders, option.optionAddress);
  const problem =
    price.trim() !== '' && limit === null ? 'Enter a limit price above 0 and below 100 (a percentage, such as 35).'
      : amount.trim() !== '' && (raw === null || raw <= 0n) ? AMOUNT_HINT
        : raw && side === 'buy' && balance !== null && raw > balance ? `Not enough ${sym}: you have ${units(balance)} ${sym}; this order needs ${units(raw)} ${sym}.`
          : raw && side === 'sell' && raw > free ? `Not enough ${option.title} tokens: you can offer ${units(free > 0n ? free : 0n)}; this order needs ${units(raw)}.`
            : typeof exp === 'string' && expiry === 'at' && until !== '' ? exp
              : '';

  const submit = async (e: Event) => {
    e.preventDefault();
    setErr('');
    if (!escrow) return setErr('This deployment has no limit orders.');
    if (problem) return;
    if (limit === null) return setErr('Enter a limit price above 0 and below 100 (a percentage, such as 35).');
    if (!raw || raw <= 0n) return setErr(AMOUNT_HINT);
    setBusy(true);
    try {
      await refreshChainTime();
      const at = expiryAt();
      if (typeof at === 'string') {
        setErr(at);
        return;
      }
      const isBuy = side === 'buy';
      const what = orderWords(isBuy, raw, option.title, priceDecimal(limit));
      const say: Say = { doing: `Placing a ${side} order: ${what}`, done: `${isBuy ? 'Buy' : 'Sell'} order placed: ${what}.`, failed: `${isBuy ? 'Buy' : 'Sell'} order not placed` };
      await runOp(opContext(), 'place-limit-order', 'market/place-limit-order',
        { marketAddress: d.marketAddress, optionAddress: option.optionAddress, side: isBuy ? 1 : 2, price: priceDecimal(limit), amount: raw.toString(), expiry: at.toString(), postOnly },
        { kind: 'place-limit-order', escrow, market: d.marketAddress, option: opt, isBuy, limitPrice: limit, amount: raw, expiry: at, postOnly }, setSteps, nudge, say);
      // A placed order leaves an empty form: pressing again places nothing twice.
      setAmount('');
      setPrice('');
    } catch {
      /* the progress shows why */
    } finally {
      setBusy(false);
      onDone();
    }
  };

  // What the order gets if filled: the limit bounds the average price, fees included.
  const atLeast = limit !== null && raw && raw > 0n ? (side === 'buy' ? (raw * 10n ** 18n) / limit : (raw * limit) / 10n ** 18n) : null;
  const endsAt = when(d.endTime);
  const expires = typeof exp === 'string' ? '' : Number(exp) >= end ? `It expires when the market ends (${endsAt}).` : `It expires ${when(chainToWall(String(exp)))}.`;
  return (
    <form onSubmit={submit} aria-label="limit order" id="limit-form">
      <Tabs label="Side" value={side} onChange={(v) => setSide(v as any)} options={[['buy', 'Buy'], ['sell', 'Sell']]} />
      <label>Option
        <select id="limit-option" value={opt} onChange={(e) => setOpt(+(e.target as HTMLSelectElement).value)}>
          {d.options.map((o, i) => <option value={i}>{o.title} — {pct(o.price)}</option>)}
        </select>
      </label>
      <div class="row">
        <label>Limit price (%)
          <input id="limit-price" inputMode="decimal" autocomplete="off" value={price} placeholder={(pool * 100).toFixed(1)} onInput={(e) => setPrice((e.target as HTMLInputElement).value)} />
        </label>
        <label>Amount ({tokens})
          <input id="limit-amount" inputMode="decimal" autocomplete="off" value={amount} placeholder="0.00" onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
        </label>
      </div>
      {side === 'sell' ? (
        <p class="muted small">You hold {units(held ? held.amount : '0')} {option.title} tokens{free !== (held ? BigInt(held.amount) : 0n) ? `, ${units(free > 0n ? free : 0n)} of them not in sell orders` : ''}.</p>
      ) : balance !== null ? <p class="muted small">You have {units(balance)} {sym}.</p> : null}
      <label>Expires
        <select id="limit-expiry" value={expiry} onChange={(e) => setExpiry((e.target as HTMLSelectElement).value)}>
          <option value="gtc">{capped('gtc') ? 'Until the market ends' : 'Good till cancelled (90 days at most)'}</option>
          {/* A time past the market's end is its end: the option above. */}
          {capped('1h') ? null : <option value="1h">In 1 hour</option>}
          {capped('1d') ? null : <option value="1d">In 1 day</option>}
          {capped('1w') ? null : <option value="1w">In 1 week</option>}
          <option value="at">At a date and time</option>
        </select>
      </label>
      {expiry === 'at' ? (
        <label>Expires at (your time)<input id="limit-until" type="datetime-local" value={until} onInput={(e) => setUntil((e.target as HTMLInputElement).value)} /></label>
      ) : null}
      <label class="check"><input type="checkbox" id="limit-post-only" checked={postOnly} onChange={(e) => setPostOnly((e.target as HTMLInputElement).checked)} /> Post only: rest in the book, never filled from the pool</label>
      {limit !== null && !problem ? (
        <p class="small" id="limit-summary">
          {side === 'buy' ? `Buy ${option.title} at ${limitPct(priceDecimal(limit))} or better` : `Sell ${option.title} at ${limitPct(priceDecimal(limit))} or better`}
          {atLeast !== null ? (side === 'buy' ? `: ${units(raw!)} ${sym} buys at least ${units(atLeast)} tokens.` : `: at least ${units(atLeast)} ${sym} for ${units(raw!)} tokens.`) : '.'}{' '}
          <span class="muted">
            {postOnly ? 'It rests in the book until it is matched, cancelled or expires.'
              : marketable ? `The pool's price (${pct(pool)}) is already within your limit: the pool can fill it at once.`
                : `It rests in the book until the pool's price (now ${pct(pool)}) reaches your limit, it is cancelled or it expires.`}
            {expires ? ' ' + expires : ''}
          </span>
        </p>
      ) : null}
      <p class="muted small">The amount is held in escrow until the order is filled, cancelled or expires; cancelling returns what is left.</p>
      <div id="limit-problem"><ErrorBox error={problem || err} /></div>
      <button id="limit-submit" type="submit" class="primary" disabled={busy || closed || !!problem}>
        {closed ? 'Market closed' : (side === 'buy' ? 'Place buy order' : 'Place sell order')}
      </button>
      <Progress steps={steps} />
    </form>
  );
}

/** OrderBook shows, per option, the resting asks and bids by limit price around the pool's own price. */
export function OrderBook({ d, book, error }: { d: MarketOf; book: Book | null | undefined; error: string }) {
  const [opt, setOpt] = useState('0');
  const i = Math.min(+opt, d.options.length - 1);
  const option = d.options[i];
  const side = book?.options.find((o) => o.optionAddress.toLowerCase() === option.optionAddress.toLowerCase());
  const row = (cls: 'ask' | 'bid', l: Level) => (
    <tr class={cls} data-price={l.price}>
      <td class="num">{limitPct(l.price)}</td>
      <td class="num">{toUnits(l.remaining, decimals())} {cls === 'bid' ? symbol() : option.title}</td>
      <td class="num muted">{l.orders}</td>
    </tr>
  );
  return (
    <Card title="Order book" id="order-book">
      {d.options.length > 1 ? <Tabs label="Option" value={String(i)} onChange={setOpt} options={d.options.map((o, k) => [String(k), o.title])} /> : null}
      <ErrorBox error={error} />
      {side ? (
        <table class="book" data-option={option.title}>
          <thead><tr><th>Price</th><th>Size</th><th>Orders</th></tr></thead>
          <tbody>
            {/* Asks from the highest down to the lowest, nearest the pool's price. */}
            {[...side.asks].reverse().map((l) => row('ask', l))}
            <tr class="pool"><td colSpan={3}>Pool <b class="num" id="book-pool">{pct(side.poolPrice)}</b></td></tr>
            {side.bids.map((l) => row('bid', l))}
          </tbody>
        </table>
      ) : null}
      {side && side.asks.length === 0 && side.bids.length === 0 ? <p class="muted small">No resting orders on {option.title}.</p> : null}
      <p class="muted small">Bids (buy orders) in {symbol()} to spend, asks (sell orders) in {option.title} tokens; the pool trades at its own price.</p>
    </Card>
  );
}

// The fills of the user's orders, by order and the filled amount they add
// up to: get-user-orders lists no fills, so an order's are read
// (get-order) once each time its filled amount changes.
const fillCache = new Map<string, Fill[]>();
const fillKey = (o: LimitOrder) => o.orderId + ':' + o.filled + ':' + o.received;

/** useFills is the fills of the orders that have any, read when they change. */
export function useFills(orders: LimitOrder[] | undefined): Map<number, Fill[]> {
  const [, bump] = useState(0);
  useEffect(() => {
    let live = true;
    const want = (orders || []).filter((o) => o.received !== '0' && !fillCache.has(fillKey(o)));
    if (!want.length) return;
    void Promise.all(want.map((o) => get<LimitOrder>('market/get-order', { orderId: o.orderId }).then(
      (r) => void fillCache.set(fillKey(o), r.fills || []),
      () => {}, // shown without its fills until the next change
    ))).then(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [orders]);
  const out = new Map<number, Fill[]>();
  for (const o of orders || []) {
    const f = fillCache.get(fillKey(o));
    if (f) out.set(o.orderId, f);
  }
  return out;
}

/** cancelSay says the cancel of an order: what it was and what comes back. */
function cancelSay(o: LimitOrder, title: string): Say {
  const Side = o.side === 1 ? 'Buy' : 'Sell';
  const back = o.side === 1 ? `${toUnits(o.remaining, decimals())} ${symbol()} back in your balance` : `${toUnits(o.remaining, decimals())} ${title} tokens back in your account`;
  return {
    doing: `Cancelling ${Side.toLowerCase()} order #${o.orderId} (${orderWords(o.side === 1, o.remaining, title, o.price)})`,
    done: `${Side} order #${o.orderId} cancelled: ${back}.`,
    failed: `${Side} order #${o.orderId} not cancelled`,
  };
}

/** useCancel cancels one order (or all of a market's) and remembers which, so that its progress shows beside it. */
function useCancel(onDone: () => void) {
  const [steps, setSteps] = useState<Step[]>([]);
  const [busy, setBusy] = useState(false);
  const [acting, setActing] = useState<number | 'all' | null>(null);
  const run = async (on: number | 'all', market: Hex, fields: Record<string, unknown>, intent: Intent, say: Say) => {
    setBusy(true);
    setActing(on);
    setSteps([]);
    try {
      await runOp(opContext(), 'cancel-order', 'market/cancel-order', { marketAddress: market, ...fields }, intent, setSteps, nudge, say);
    } catch {
      /* the progress shows why */
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return { steps, busy, acting, run };
}

/**
 * expiresWords is when an order that may still rest expires, "" for one
 * that no longer does: an order that rests until its market's end says
 * the time the market's end is shown at.
 */
const expiresWords = (o: LimitOrder, marketEnd?: string) => {
  if (o.status !== 'open' && o.status !== 'partially_filled' && o.status !== 'expired') return '';
  if (marketEnd && Number(o.expiry) >= Math.floor(Date.parse(marketEnd) / 1000)) return when(marketEnd);
  return when(chainToWall(o.expiry));
};

/** MyOrders lists the user's orders in the market with their state, remainder and fills; Cancel per order, and all at once. */
export function MyOrders({ d, orders, total, error, fills, onDone }: { d: MarketOf; orders: LimitOrder[] | undefined; total: number; error: string; fills: Map<number, Fill[]>; onDone: () => void }) {
  const { steps, busy, acting, run } = useCancel(onDone);
  const escrow = state.cfg?.limitOrders;
  const list = orders || [];
  const open = list.filter(holdsEscrow);
  const titleOf = (o: LimitOrder) => d.options.find((x) => x.optionAddress.toLowerCase() === o.optionAddress.toLowerCase())?.title || 'option ' + (o.optionIndex + 1);
  const cancel = (o: LimitOrder) => escrow && run(o.orderId, d.marketAddress, { orderId: o.orderId }, { kind: 'cancel-order', escrow, orderIds: [BigInt(o.orderId)] }, cancelSay(o, titleOf(o)));
  const cancelAll = () => escrow && run('all', d.marketAddress, { cancelAll: true }, { kind: 'cancel-order', escrow, many: true }, {
    doing: `Cancelling ${plural(open.length, 'order')} in this market`,
    done: `${plural(open.length, 'order')} cancelled: what ${open.length === 1 ? 'it' : 'they'} held is back in your account.`,
    failed: 'Orders not cancelled',
  });
  return (
    <Card title="My orders" id="my-orders">
      <ErrorBox error={error} />
      {orders && list.length === 0 ? <p class="muted">No limit orders in this market.</p> : null}
      {list.length ? (
        <table class="list">
          <thead><tr><th>Order</th><th>Limit</th><th>Left</th><th>Filled</th><th>State</th><th>Expires</th><th></th></tr></thead>
          <tbody>
            {list.map((o) => {
              const title = titleOf(o);
              // A buy escrows base and receives option tokens; a sell the other way round.
              const spent = o.side === 1 ? symbol() : title + ' tokens';
              const got = o.side === 1 ? title + ' tokens' : symbol();
              const fs = fills.get(o.orderId) || [];
              return [
                <tr data-order-id={o.orderId} data-status={o.status} class="order">
                  <td data-label="Order"><span class={o.side === 1 ? 'up' : 'down'}>{o.side === 1 ? 'Buy' : 'Sell'} {title}</span> <span class="muted small">#{o.orderId}</span></td>
                  <td data-label="Limit" class="num">{limitPct(o.price)}{o.postOnly ? <span class="muted small"> · post-only</span> : null}</td>
                  <td data-label="Left" class="num">{toUnits(o.remaining, decimals())} of {toUnits(o.amount, decimals())} {spent}</td>
                  <td data-label="Filled" class="num">{o.filled === '0' ? '–' : `${toUnits(o.filled, decimals())} → ${toUnits(o.received, decimals())} ${got}`}</td>
                  <td data-label="State"><span class={'order-status ' + o.status}>{statusWords[o.status] || o.status}</span></td>
                  <td data-label="Expires" class="muted small date">{expiresWords(o, d.endTime) || '–'}</td>
                  <td>{holdsEscrow(o) ? <button type="button" class="small cancel" disabled={busy} onClick={() => cancel(o)}>Cancel</button> : null}</td>
                </tr>,
                acting === o.orderId && steps.length ? (
                  <tr class="feedback" data-feedback-of={o.orderId}><td colSpan={7}><Progress steps={steps} /></td></tr>
                ) : null,
                fs.length ? (
                  <tr class="fills" data-fills-of={o.orderId}>
                    <td colSpan={7}>
                      <ul>
                        {fs.map((f) => (
                          <li class="small">
                            Filled {f.counterOrderId ? 'against order #' + f.counterOrderId : 'from the pool'}: {toUnits(f.amountIn, decimals())} {spent} → {toUnits(f.amountOut, decimals())} {got} at{' '}
                            {pct(o.side === 1 ? ratio(f.amountIn, f.amountOut) : ratio(f.amountOut, f.amountIn))} <span class="muted date">{when(f.createdAt)}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      ) : null}
      {orders && orders.length < total ? <p class="muted small">The {orders.length} newest of {plural(total, 'order')}; the portfolio lists them all.</p> : null}
      {open.length || acting === 'all' ? (
        <div class="cancel-all">
          {open.length ? <p><button type="button" id="cancel-all" disabled={busy} onClick={cancelAll}>Cancel all in this market ({plural(open.length, 'order')})</button></p> : null}
          {acting === 'all' ? <Progress steps={steps} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

// Markets by address, read once per page load for the titles of the
// portfolio's orders (an order names its market and option by address).
const marketsSeen = new Map<string, Promise<MarketOf & { title: string }>>();
function marketOf(address: string) {
  const key = address.toLowerCase();
  let m = marketsSeen.get(key);
  if (!m) {
    m = get<MarketOf & { title: string }>('market/get-market-detail', { marketAddress: address });
    m.catch(() => marketsSeen.delete(key)); // read again next time
    marketsSeen.set(key, m);
  }
  return m;
}

/** PortfolioOrders is the user's limit orders in every market, newest first, with Cancel on those that hold escrow. */
export function PortfolioOrders({ page, onPage, orders, error, onDone }: { page: number; onPage: (p: number) => void; orders: OrdersPage | null | undefined; error: string; onDone: () => void }) {
  const [markets, setMarkets] = useState<Record<string, MarketOf & { title: string }>>({});
  const list = orders?.orders || [];
  useEffect(() => {
    let live = true;
    const want = [...new Set(list.map((o) => o.marketAddress.toLowerCase()))].filter((a) => !markets[a]);
    void Promise.all(want.map((a) => marketOf(a).then((m) => [a, m] as const, () => null))).then((got) => {
      if (!live) return;
      const found = got.filter((x) => x !== null);
      if (found.length) setMarkets((was) => ({ ...was, ...Object.fromEntries(found) }));
    });
    return () => {
      live = false;
    };
  }, [orders]);
  const escrow = state.cfg?.limitOrders;
  const { steps, busy, acting, run } = useCancel(onDone);
  return (
    <Card title="Limit orders" id="orders">
      <ErrorBox error={error} />
      {orders && list.length === 0 ? <p class="muted">No limit orders.</p> : null}
      {list.length ? (
        <table class="list">
          <thead><tr><th>Market</th><th>Order</th><th>Limit</th><th>Left</th><th>Filled</th><th>State</th><th>Expires</th><th></th></tr></thead>
          <tbody>
            {list.map((o) => {
              const m = markets[o.marketAddress.toLowerCase()];
              const title = m?.options.find((x) => x.optionAddress.toLowerCase() === o.optionAddress.toLowerCase())?.title || 'option ' + (o.optionIndex + 1);
              const spent = o.side === 1 ? symbol() : title + ' tokens';
              const got = o.side === 1 ? title + ' tokens' : symbol();
              const cancel = () => escrow && run(o.orderId, o.marketAddress, { orderId: o.orderId }, { kind: 'cancel-order', escrow, orderIds: [BigInt(o.orderId)] }, cancelSay(o, title));
              return [
                <tr data-order-id={o.orderId} data-status={o.status}>
                  <td data-label="Market"><a href={'/market/' + o.marketAddress}>{m?.title || o.marketAddress.slice(0, 10) + '…'}</a></td>
                  <td data-label="Order"><span class={o.side === 1 ? 'up' : 'down'}>{o.side === 1 ? 'Buy' : 'Sell'} {title}</span> <span class="muted small">#{o.orderId}</span></td>
                  <td data-label="Limit" class="num">{limitPct(o.price)}</td>
                  <td data-label="Left" class="num">{toUnits(o.remaining, decimals())} of {toUnits(o.amount, decimals())} {spent}</td>
                  <td data-label="Filled" class="num">{o.filled === '0' ? '–' : `${toUnits(o.filled, decimals())} → ${toUnits(o.received, decimals())} ${got}`}</td>
                  <td data-label="State"><span class={'order-status ' + o.status}>{statusWords[o.status] || o.status}</span></td>
                  <td data-label="Expires" class="muted small date">{expiresWords(o, m?.endTime) || '–'}</td>
                  <td>{holdsEscrow(o) ? <button type="button" class="small cancel" disabled={busy} onClick={cancel}>Cancel</button> : null}</td>
                </tr>,
                acting === o.orderId && steps.length ? (
                  <tr class="feedback" data-feedback-of={o.orderId}><td colSpan={8}><Progress steps={steps} /></td></tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      ) : null}
      {orders ? <Pager page={page} size={10} total={orders.total} onPage={onPage} /> : null}
    </Card>
  );
}
