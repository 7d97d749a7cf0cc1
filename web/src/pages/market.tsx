import { useEffect, useState } from 'preact/hooks';
import type { Hex } from 'viem';
import { get, inWords, post } from '../api';
import { lpUnits, parseUnits, pct, plural, toUnits, when } from '../format';
import { runOp, type Say, type Step } from '../ops';
import { decimals, nudge, opContext, refreshBadges, refreshChainTime, state, stream, symbol } from '../session';

/** LARGE_IMPACT is the price impact (a share, 5 %) past which the trade panel asks to confirm before signing. */
export const LARGE_IMPACT = 0.05;
import { Resolution, type ResolutionStatus } from './resolution';
import { AMOUNT_HINT, Amount, Card, Chart, ErrorBox, Loading, Progress, Tabs, clearFailed, useLoad, useStore } from '../ui';
import { LimitForm, MyOrders, OrderBook, inSellOrders, useFills, type Book, type LimitOrder, type OrdersPage } from './orders';

type Option = { optionAddress: Hex; title: string; price: string; volume: string; holdersCount: number };
type Detail = {
  marketAddress: Hex; title: string; description: string; rules: string; status: string; volume: string; liquidity: string;
  participantCount: number; endTime: string; options: Option[]; tags: string[]; categoryId: string; isFollowed: boolean;
  creator: { name: string }; baseTokenAddress: Hex; feeBps: number; winningOptionAddress: string;
};

const deadlineIn = (minutes: number) => BigInt(Math.floor(Date.now() / 1000) + Math.round(minutes * 60));
/** minusSlippage is amount × (1 − slippage%), rounded down. */
const minusSlippage = (amount: bigint, slipPct: number) => (amount * BigInt(Math.round((100 - slipPct) * 100))) / 10000n;

export function MarketPage({ address }: { address: string }) {
  const st = useStore();
  const [interval, setInterval_] = useState('1d');
  const detail = useLoad(() => get<Detail>('market/get-market-detail', { marketAddress: address }), [address, !!st.session]);
  const chart = useLoad(() => get('market/get-price-history', { marketAddress: address, timeInterval: interval }, { auth: false }), [address, interval]);
  const trades = useLoad(() => get('market/get-market-trades', { marketAddress: address, pageSize: 10 }, { auth: false }), [address]);
  // The window's countdown is chain time: read the chain's clock with the status.
  const resolution = useLoad(async () => {
    const [r] = await Promise.all([get<ResolutionStatus>('market/get-resolution-status', { marketAddress: address }, { auth: false }), refreshChainTime()]);
    return r;
  }, [address]);
  // The limit orders: the book is public, the user's orders are theirs.
  const limits = !!st.cfg?.limitOrders;
  const book = useLoad(async () => (limits ? get<Book>('market/get-order-book', { marketAddress: address }, { auth: false }) : null), [address, limits]);
  const orders = useLoad(async () => (st.session && limits ? get<OrdersPage>('market/get-user-orders', { marketAddress: address, page: 1, pageSize: 20 }) : null),
    [address, limits, st.session?.user.uid]);
  const fills = useFills(orders.data?.orders);
  const mine = useLoad(async () => {
    if (!st.session) return null;
    const [p, l] = await Promise.all([
      get('market/get-user-positions', { page: 1, pageSize: 50, marketAddress: address }),
      get('market/get-user-liquidity', { page: 1, pageSize: 1, marketAddress: address }),
    ]);
    return { positions: p.positions as any[], lp: l.positions[0] as any };
  }, [address, st.session?.user.uid]);

  // Live, signed in or not: the market's topic while the page is open,
  // and the user's own events. Each event reloads only what it concerns,
  // and a burst of them (a trade sends several) reads each resource once.
  useEffect(() => {
    const here = address.toLowerCase();
    const unsub = stream.subscribe('market:' + here);
    const off = stream.on((e) => {
      const ours = (e.data.market_address || '').toLowerCase() === here;
      switch (e.event) {
        case 'base:resync':
          detail.reload();
          trades.reload();
          chart.reload();
          resolution.reload();
          mine.reload();
          book.reload();
          orders.reload();
          break;
        case 'market:new_trades':
          if (ours) {
            detail.reload();
            trades.reload();
            chart.reload();
            book.reload(); // the pool's price beside the orders
          }
          break;
        case 'market:price_change':
          if (ours) {
            detail.reload();
            chart.reload();
            book.reload();
          }
          break;
        case 'market:book_change':
          // Anyone's order placed, filled or cancelled: the user's own
          // orders are among the ones that may have changed.
          if (ours) {
            book.reload();
            orders.reload();
          }
          break;
        case 'market:info_update':
          if (ours) {
            detail.reload();
            resolution.reload();
            mine.reload(); // liquidity: the LP position
          }
          break;
        case 'user:position_changed':
          if (ours) {
            mine.reload();
            orders.reload(); // a fill of one of the user's orders
          }
          break;
        case 'user:asset_changed':
          mine.reload(); // a claim or a withdrawal of this market
          break;
      }
    });
    return () => {
      unsub();
      off();
    };
  }, [address, st.session?.user.uid]);

  const d = detail.data;
  if (detail.error) return <ErrorBox error={detail.error} />;
  if (!d) return <Loading />;
  const refreshAll = () => {
    detail.reload();
    trades.reload();
    chart.reload();
    resolution.reload();
    mine.reload();
    book.reload();
    orders.reload();
    refreshBadges();
  };
  // The user's trades that filled their limit orders, told by the fill's transaction.
  const fillTxs = new Set([...fills.values()].flat().map((f) => f.txHash.toLowerCase()));
  return (
    <div class="market-page">
      <header class="market-head">
        <h1>{d.title}</h1>
        <p class="muted">
          <span class={'status ' + d.status} id="market-status">{d.status}{resolution.data?.void ? ' · void' : ''}</span> · ends <span class="date">{when(d.endTime)}</span> · <Amount raw={d.volume} /> volume ·{' '}
          <Amount raw={d.liquidity} /> liquidity · {plural(d.participantCount, 'trader')} · fee {(d.feeBps / 100).toFixed(2)}%
          {d.categoryId ? ' · ' + d.categoryId : ''} {d.tags.map((t) => <span class="tag">#{t}</span>)}
        </p>
        {st.session ? <Follow address={address} followed={d.isFollowed} onDone={detail.reload} /> : null}
      </header>
      <div class="cols">
        <div class="main">
          <Card title="Options">
            <ul class="options" id="options">
              {d.options.map((o) => (
                <li data-option={o.title} class={d.winningOptionAddress && d.winningOptionAddress.toLowerCase() === o.optionAddress.toLowerCase() ? 'won' : ''}>
                  <span>{o.title}</span>
                  <b class="num price">{pct(o.price)}</b>
                  <span class="muted small">{plural(o.holdersCount, 'holder')} · <Amount raw={o.volume} /> volume</span>
                </li>
              ))}
            </ul>
          </Card>
          <div class={limits ? 'beside' : ''}>
            <Card title="Price">
              <Tabs label="Chart interval" compact value={interval} onChange={setInterval_}
                options={[['1h', '1H'], ['4h', '4H'], ['1d', '1D'], ['1w', '1W'], ['1m', '1M'], ['all', 'All']]} />
              <ErrorBox error={chart.error} />
              {chart.data ? (
                <Chart label="Option prices over time" yMax={1} from={Date.parse(chart.data.from)} to={Date.parse(chart.data.to)} format={(v) => pct(v, 0)}
                  series={chart.data.options.map((o: any) => ({ title: o.title, points: o.points.map((p: any) => ({ t: Date.parse(p.time), v: parseFloat(p.price) })) }))} />
              ) : null}
            </Card>
            {limits ? <OrderBook d={d} book={book.data} error={book.error} /> : null}
          </div>
          {limits && st.session ? <MyOrders d={d} orders={orders.data?.orders} total={orders.data?.total || 0} error={orders.error} fills={fills} onDone={refreshAll} /> : null}
          <Card title="About">
            <p class="pre">{d.description}</p>
            <h3>Rules</h3>
            <p class="pre">{d.rules}</p>
            <p class="muted small">Created by {d.creator.name || 'an admin'}</p>
          </Card>
          <Card title="Recent trades" id="trades">
            <ErrorBox error={trades.error} />
            {trades.data?.trades.length === 0 ? <p class="muted">No trades yet.</p> : null}
            <table class="list">
              {trades.data?.trades.length ? <thead><tr><th>Trader</th><th>Trade</th><th>Tokens at</th><th>Amount</th><th>When</th></tr></thead> : null}
              <tbody>
                {trades.data?.trades.map((t: any) => (
                  <tr>
                    <td data-label="Trader"><span class="name">{t.userName || t.account.slice(0, 8)}</span></td>
                    <td data-label="Trade" class={t.side === 1 ? 'up' : 'down'}>{t.side === 1 ? 'bought' : 'sold'} {t.optionTitle}
                      {fillTxs.has((t.txHash || '').toLowerCase()) ? <span class="fill-tag small" title="Your limit order, filled from the pool">limit order</span> : null}</td>
                    <td data-label="Tokens at" class="num">{toUnits(t.tokenAmount, decimals())} @ {pct(t.avgPrice)}</td>
                    <td data-label="Amount"><Amount raw={t.baseAmount} /></td>
                    <td data-label="When" class="muted small date">{when(t.time)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Discussion address={address} />
        </div>
        <aside class="side">
          <Resolution d={d} res={resolution.data} positions={mine.data?.positions || []} onDone={refreshAll} reload={resolution.reload} />
          {st.session ? (
            <>
              <TradePanel d={d} positions={mine.data?.positions || []} orders={orders.data?.orders} onDone={refreshAll} />
              <LiquidityPanel d={d} lp={mine.data?.lp} onDone={refreshAll} />
            </>
          ) : (
            <Card title="Trade"><p><a href="/signin">Sign in</a> to trade.</p></Card>
          )}
        </aside>
      </div>
    </div>
  );
}

function Follow({ address, followed, onDone }: { address: string; followed: boolean; onDone: () => void }) {
  const [err, setErr] = useState('');
  return (
    <span>
      <button class="ghost" aria-pressed={followed} onClick={async () => {
        try {
          await post(followed ? 'market/unfollow-market' : 'market/follow-market', { marketAddress: address });
          onDone();
        } catch (e) {
          setErr(inWords(e));
        }
      }}>{followed ? '★ Following' : '☆ Follow'}</button>
      <ErrorBox error={err} />
    </span>
  );
}

/** TradePanel trades with the pool at its price (Market) or places an order that rests until its price (Limit). */
function TradePanel({ d, positions, orders, onDone }: { d: Detail; positions: any[]; orders: LimitOrder[] | undefined; onDone: () => void }) {
  const [mode, setMode] = useState<'market' | 'limit'>('market');
  const limits = !!state.cfg?.limitOrders;
  return (
    <Card title="Trade" id="trade">
      {limits ? <div id="order-type"><Tabs label="Order type" value={mode} onChange={(v) => setMode(v as any)} options={[['market', 'Market'], ['limit', 'Limit']]} /></div> : null}
      {limits && mode === 'limit' ? <LimitForm d={d} positions={positions} orders={orders} onDone={onDone} /> : <MarketForm d={d} positions={positions} orders={orders} onDone={onDone} />}
    </Card>
  );
}

function MarketForm({ d, positions, orders, onDone }: { d: Detail; positions: any[]; orders: LimitOrder[] | undefined; onDone: () => void }) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [opt, setOpt] = useState(0);
  const [amount, setAmount] = useState('');
  const [slip, setSlip] = useState('1');
  const [deadline, setDeadline] = useState('10');
  const [quote, setQuote] = useState<any>(null);
  const [qErr, setQErr] = useState('');
  const [steps, setSteps] = useState<Step[]>([]);
  const [busy, setBusy] = useState(false);
  const [impactOK, setImpactOK] = useState(false);
  const option = d.options[opt];
  const raw = parseUnits(amount, decimals());
  const held = positions.find((p) => p.optionAddress.toLowerCase() === option.optionAddress.toLowerCase());
  useEffect(() => {
    setQuote(null);
    setQErr('');
    setImpactOK(false);
    if (!raw || raw <= 0n) return;
    const t = setTimeout(() => {
      get('market/get-quote', { marketAddress: d.marketAddress, optionAddress: option.optionAddress, side: side === 'buy' ? 1 : 2, amount: raw.toString() }, { auth: false })
        .then(setQuote, (e) => setQErr(inWords(e)));
    }, 250);
    return () => clearTimeout(t);
  }, [side, opt, amount, d.options.map((o) => o.price).join()]);
  // A failed operation's reason goes once the trade is another: a refused
  // buy says nothing about the sell that follows.
  useEffect(() => setSteps(clearFailed), [side, opt, amount]);
  const slipN = parseFloat(slip);
  const minutes = parseFloat(deadline);
  const minOut = quote && isFinite(slipN) ? minusSlippage(BigInt(quote.amountOut), slipN) : null;
  const closed = d.status !== 'running';
  const impact = quote ? Math.abs(parseFloat(quote.priceImpact)) : 0;
  const large = impact >= LARGE_IMPACT;
  // A buy that pays more per token than a winning token pays out (1) loses
  // money whatever the outcome: refused, whatever the user accepts.
  const loss = side === 'buy' && quote && parseFloat(quote.averagePrice) > 1;
  const sym = symbol();
  const units = (x: bigint | string) => toUnits(x, decimals());
  // What is wrong with the form, said as it is typed: one message.
  const balance = state.balance === null ? null : BigInt(state.balance);
  // Tokens in the user's sell orders are the position's, but the escrow holds them.
  const heldAll = held ? BigInt(held.amount) : 0n;
  const offered = inSellOrders(orders, option.optionAddress);
  const tokens = heldAll - offered;
  const problem =
    amount.trim() !== '' && (raw === null || raw <= 0n) ? AMOUNT_HINT
      : raw && side === 'buy' && balance !== null && raw > balance ? `Not enough ${sym}: you have ${units(balance)} ${sym}; this buy needs ${units(raw)} ${sym}.`
        : raw && side === 'sell' && raw > tokens ? `Not enough ${option.title} tokens: you can sell ${units(tokens > 0n ? tokens : 0n)}; this sell needs ${units(raw)}.`
          : !(slipN >= 0 && slipN < 100) ? 'Slippage must be from 0 to 100%.'
            : !(minutes >= 1) ? 'The deadline must be at least 1 minute away.'
              : '';
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!raw || raw <= 0n) return setQErr(AMOUNT_HINT);
    if (problem) return;
    if (loss) return setQErr('This buy would pay more than 100% per token; buy less.');
    if (large && !impactOK) return setQErr('Confirm the price impact first.');
    if (minOut === null) return setQErr('Wait for the quote.');
    const dl = deadlineIn(minutes);
    const say: Say = side === 'buy'
      ? { doing: `Buying ${option.title} for ${units(raw)} ${sym}`, done: `Bought ${option.title} for ${units(raw)} ${sym}: at least ${units(minOut)} tokens.`, failed: `${option.title} not bought` }
      : { doing: `Selling ${units(raw)} ${option.title} tokens`, done: `Sold ${units(raw)} ${option.title} tokens for at least ${units(minOut)} ${sym}.`, failed: `${option.title} tokens not sold` };
    setBusy(true);
    try {
      await runOp(opContext(), side, 'market/place-order',
        { marketAddress: d.marketAddress, optionAddress: option.optionAddress, side: side === 'buy' ? 1 : 2, amount: raw.toString(), minReceiveAmount: minOut.toString(), deadline: dl.toString() },
        { kind: side, market: d.marketAddress, option: opt, amount: raw, minOut, deadline: dl }, setSteps, nudge, say);
      setAmount('');
    } catch {
      /* the progress shows why */
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const unit = side === 'buy' ? sym : option.title + ' tokens';
  return (
    <form onSubmit={submit} aria-label="trade">
      <Tabs label="Side" value={side} onChange={(v) => setSide(v as any)} options={[['buy', 'Buy'], ['sell', 'Sell']]} />
      <label>Option
        <select id="trade-option" value={opt} onChange={(e) => setOpt(+(e.target as HTMLSelectElement).value)}>
          {d.options.map((o, i) => <option value={i}>{o.title} — {pct(o.price)}</option>)}
        </select>
      </label>
      <label>Amount ({unit})
        <input id="trade-amount" inputMode="decimal" autocomplete="off" value={amount} placeholder="0.00" aria-invalid={!!problem && problem !== ''}
          onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
      </label>
      {side === 'sell' ? (
        <p class="muted small">You hold {units(heldAll)} {option.title} tokens{offered > 0n ? `, ${units(tokens > 0n ? tokens : 0n)} of them not in sell orders` : ''}.{' '}
          {tokens > 0n ? <button type="button" class="link" onClick={() => setAmount(toUnits(tokens, decimals(), decimals()).replace(/,/g, ''))}>Sell all</button> : null}</p>
      ) : balance !== null ? <p class="muted small">You have {units(balance)} {sym}.</p> : null}
      <div class="row">
        <label>Slippage %<input id="trade-slippage" inputMode="decimal" value={slip} onInput={(e) => setSlip((e.target as HTMLInputElement).value)} /></label>
        <label>Deadline (min)<input id="trade-deadline" inputMode="decimal" value={deadline} onInput={(e) => setDeadline((e.target as HTMLInputElement).value)} /></label>
      </div>
      {quote && !problem ? (
        <dl class="quote" id="quote">
          <dt>You receive</dt><dd class="num">{units(quote.amountOut)} {side === 'buy' ? option.title + ' tokens' : sym}</dd>
          <dt>At least</dt><dd class="num">{units(minOut!)} {side === 'buy' ? option.title + ' tokens' : sym}</dd>
          <dt>Average price</dt><dd class={'num' + (loss ? ' down' : '')}>{pct(quote.averagePrice)}</dd>
          <dt>Price impact</dt><dd class={'num' + (large ? ' down' : '')}>{pct(impact, 2)} ({pct(quote.priceBefore)} → {pct(quote.priceAfter)})</dd>
          <dt>Fee</dt><dd><Amount raw={quote.fee} /></dd>
        </dl>
      ) : null}
      {quote && !problem && loss ? (
        <div class="warn" id="certain-loss" role="alert">
          <p>This buy pays an average of {pct(quote.averagePrice)} per {option.title} token, more than a winning token pays out (100%):
            it loses money whatever the outcome, so it cannot be sent. A smaller amount costs less per token.</p>
        </div>
      ) : quote && !problem && large ? (
        <div class="warn" id="impact-warning" role="alert">
          <p>This trade moves the price of {option.title} by {pct(impact, 2)}, from {pct(quote.priceBefore)} to {pct(quote.priceAfter)}:
            you pay an average of {pct(quote.averagePrice)}, well off the price shown. A smaller amount moves it less.</p>
          <label class="check"><input type="checkbox" id="impact-ok" checked={impactOK} onChange={(e) => setImpactOK((e.target as HTMLInputElement).checked)} /> I accept a price impact of {pct(impact, 2)}</label>
        </div>
      ) : null}
      <div id="trade-problem"><ErrorBox error={problem || qErr} /></div>
      <button id="trade-submit" type="submit" class="primary" disabled={busy || closed || !!problem || !!loss || (large && !impactOK)}>{closed ? 'Market closed' : side === 'buy' ? 'Buy ' + option.title : 'Sell ' + option.title}</button>
      <Progress steps={steps} />
    </form>
  );
}

function LiquidityPanel({ d, lp, onDone }: { d: Detail; lp: any; onDone: () => void }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [least, setLeast] = useState('');
  const [steps, setSteps] = useState<Step[]>([]);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  // Removing liquidity stays open until the market ends (also while an
  // outcome is asserted or disputed); after that LP shares are redeemed.
  const ended = d.status === 'ended';
  const run = async (kind: 'add-liquidity' | 'remove-liquidity') => {
    setErr('');
    const dl = deadlineIn(10);
    const amt = parseUnits(kind === 'add-liquidity' ? add : remove, decimals());
    if (!amt || amt <= 0n) return setErr('Enter an amount.');
    let fields: Record<string, string>, minOut: bigint;
    if (kind === 'add-liquidity') {
      // The API quotes no liquidity operation, so the page cannot derive a
      // minimum from a slippage: like `predict liquidity add`, it asks for
      // at least one LP unit; the deadline still bounds the operation.
      minOut = 1n;
      fields = { marketAddress: d.marketAddress, amount: amt.toString(), minLpAmount: '1', deadline: dl.toString() };
    } else {
      if (!lp || amt > BigInt(lp.lpAmount)) return setErr('You hold fewer LP tokens than that.');
      // Base tokens out depend on the pool's composition (leftover option
      // tokens come back too): the user may set a minimum; none by default.
      const min = least.trim() ? parseUnits(least, decimals()) : 0n;
      if (min === null) return setErr('Enter the minimum in ' + symbol() + '.');
      minOut = min;
      fields = { marketAddress: d.marketAddress, lpAmount: amt.toString(), minReceiveAmount: minOut.toString(), deadline: dl.toString() };
    }
    setBusy(true);
    try {
      const say: Say = kind === 'add-liquidity'
        ? { doing: `Adding ${toUnits(amt, decimals())} ${symbol()} of liquidity`, done: `Added ${toUnits(amt, decimals())} ${symbol()} of liquidity.`, failed: 'Liquidity not added' }
        : { doing: `${ended ? 'Redeeming' : 'Removing'} ${lpUnits(amt, decimals())} LP tokens`, done: `${ended ? 'Redeemed' : 'Removed'} ${lpUnits(amt, decimals())} LP tokens: what they held is in your account.`, failed: `LP tokens not ${ended ? 'redeemed' : 'removed'}` };
      await runOp(opContext(), kind, 'market/' + kind, fields, { kind, market: d.marketAddress, amount: amt, minOut, deadline: dl }, setSteps, nudge, say);
      setAdd('');
      setRemove('');
    } catch {
      /* shown in the progress */
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const held = lp && lp.lpAmount !== '0' ? BigInt(lp.lpAmount) : 0n;
  return (
    <Card title="Liquidity" id="liquidity">
      {held > 0n ? (
        <dl class="quote" id="lp-position">
          <dt>LP tokens</dt><dd class="num">{lpUnits(held, decimals())}</dd>
          <dt>Pool share</dt><dd class="num">{pct(lp.poolShare, 2)}</dd>
          <dt>Value</dt><dd><Amount raw={lp.value} /></dd>
          <dt>Fees earned</dt><dd><Amount raw={lp.feesEarned} /></dd>
        </dl>
      ) : <p class="muted small" id="lp-position">No liquidity provided.</p>}
      {d.status === 'running' ? (
        <form onSubmit={(e) => { e.preventDefault(); void run('add-liquidity'); }} class="inline">
          <label>Add ({symbol()})<input id="lp-add" inputMode="decimal" value={add} onInput={(e) => setAdd((e.target as HTMLInputElement).value)} /></label>
          <button id="lp-add-submit" disabled={busy}>Add</button>
        </form>
      ) : null}
      {held > 0n ? (
        <>
          <form onSubmit={(e) => { e.preventDefault(); void run('remove-liquidity'); }} class="inline">
            <label>{ended ? 'Redeem' : 'Remove'} (LP tokens)<input id="lp-remove" inputMode="decimal" value={remove} onInput={(e) => setRemove((e.target as HTMLInputElement).value)} /></label>
            <button id="lp-remove-submit" disabled={busy}>{ended ? 'Redeem' : 'Remove'}</button>
          </form>
          <p class="small"><button type="button" class="link" id="lp-remove-all" onClick={() => setRemove(lpUnits(held, decimals()).replace(/,/g, ''))}>{ended ? 'Redeem' : 'Remove'} all ({lpUnits(held, decimals())} LP)</button></p>
        </>
      ) : null}
      {held > 0n && !ended ? (
        <label class="small">Remove: receive at least ({symbol()}, optional)<input id="lp-least" inputMode="decimal" value={least} onInput={(e) => setLeast((e.target as HTMLInputElement).value)} /></label>
      ) : null}
      <p class="muted small">Operations expire 10 minutes after signing. Removing returns base tokens and any leftover option tokens.</p>
      <ErrorBox error={err} />
      <Progress steps={steps} />
    </Card>
  );
}

function Discussion({ address }: { address: string }) {
  const st = useStore();
  const posts = useLoad(() => get('community/get-market-posts', { marketAddress: address, pageSize: 20 }), [address, !!st.session]);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [err, setErr] = useState('');
  const publish = async (e: Event) => {
    e.preventDefault();
    setErr('');
    try {
      await post('community/publish-post', { marketAddress: address, title, content });
      setTitle('');
      setContent('');
      posts.reload();
    } catch (x) {
      setErr(inWords(x));
    }
  };
  return (
    <Card title="Discussion" id="discussion">
      {st.session ? (
        <form onSubmit={publish} class="post-form">
          <label><span class="sr">Title</span><input placeholder="Title" value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} /></label>
          <label><span class="sr">Post</span><textarea placeholder="What do you think?" value={content} onInput={(e) => setContent((e.target as HTMLTextAreaElement).value)} /></label>
          <button type="submit" disabled={!content.trim()}>Post</button>
          <ErrorBox error={err} />
        </form>
      ) : <p class="muted small"><a href="/signin">Sign in</a> to join the discussion.</p>}
      <ErrorBox error={posts.error} />
      <ul class="posts">
        {posts.data?.posts.map((p: any) => <Post p={p} onChange={posts.reload} />)}
      </ul>
    </Card>
  );
}

function Like({ uuid, type, liked, count, onChange }: { uuid: string; type: 1 | 2; liked: boolean; count: number; onChange: () => void }) {
  const st = useStore();
  return (
    <button class="ghost small" aria-pressed={liked} disabled={!st.session} onClick={async () => {
      try {
        await post(liked ? 'community/unlike-content' : 'community/like-content', { contentUuid: uuid, contentType: type });
      } finally {
        onChange();
      }
    }} aria-label={(liked ? 'Unlike' : 'Like') + ` (${plural(count, 'like')})`}>{liked ? '♥' : '♡'} {count}</button>
  );
}

function Post({ p, onChange }: { p: any; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="post">
      <p class="small muted"><span class="name">{p.publisher.name || 'someone'}</span> · <span class="date">{when(p.createdAt)}</span></p>
      {p.title ? <h3>{p.title}</h3> : null}
      <p class="pre">{p.content}</p>
      <Like uuid={p.postUuid} type={1} liked={p.isLiked} count={p.likesCount} onChange={onChange} />
      <button class="ghost small" aria-expanded={open} onClick={() => setOpen(!open)}>{plural(p.commentsCount, 'comment')}</button>
      {open ? <Comments postUuid={p.postUuid} onChange={onChange} /> : null}
    </li>
  );
}

function Comments({ postUuid, rootUuid, onChange }: { postUuid: string; rootUuid?: string; onChange: () => void }) {
  const st = useStore();
  const list = useLoad(() => get('community/get-comments', { postUuid, rootUuid, pageSize: 50 }), [postUuid, rootUuid]);
  const [text, setText] = useState('');
  const [err, setErr] = useState('');
  const send = async (e: Event) => {
    e.preventDefault();
    try {
      await post('community/publish-comment', { postUuid, content: text, rootUuid, parentUuid: rootUuid });
      setText('');
      list.reload();
      onChange();
    } catch (x) {
      setErr(inWords(x));
    }
  };
  return (
    <div class="comments">
      <ul>
        {list.data?.comments.map((c: any) => <Comment c={c} postUuid={postUuid} isRoot={!rootUuid} onChange={list.reload} />)}
      </ul>
      {st.session ? (
        <form onSubmit={send} class="inline">
          <label class="grow"><span class="sr">{rootUuid ? 'Reply' : 'Comment'}</span>
            <input placeholder={rootUuid ? 'Reply…' : 'Comment…'} value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} /></label>
          <button disabled={!text.trim()}>{rootUuid ? 'Reply' : 'Comment'}</button>
        </form>
      ) : null}
      <ErrorBox error={err || list.error} />
    </div>
  );
}

function Comment({ c, postUuid, isRoot, onChange }: { c: any; postUuid: string; isRoot: boolean; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="comment">
      <p><b class="name">{c.user.name || 'someone'}</b> <span class="muted small date">{when(c.createdAt)}</span></p>
      <p class="pre">{c.content}</p>
      <Like uuid={c.commentUuid} type={2} liked={c.isLiked} count={c.likesCount} onChange={onChange} />
      {isRoot ? <button class="ghost small" aria-expanded={open} onClick={() => setOpen(!open)}>{plural(c.repliesCount, 'reply', 'replies')}</button> : null}
      {open ? <Comments postUuid={postUuid} rootUuid={c.commentUuid} onChange={onChange} /> : null}
    </li>
  );
}
