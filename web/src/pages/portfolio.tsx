import { useEffect, useState } from 'preact/hooks';
import { get, inWords, post } from '../api';
import { lpUnits, pct, signedPct, toUnits, when } from '../format';
import { runOp, type Step } from '../ops';
import { base, decimals, nudge, opContext, refreshBadges, state, stream, symbol } from '../session';
import { Amount, Card, Chart, ErrorBox, Loading, Pager, Progress, Signed, Tabs, useLoad, useStore } from '../ui';
import { PortfolioOrders, type OrdersPage } from './orders';

export function Portfolio() {
  const st = useStore();
  const s = st.session;
  const [interval, setInterval_] = useState('1w');
  const [tradePage, setTradePage] = useState(1);
  const [orderPage, setOrderPage] = useState(1);
  const [claimed, setClaimed] = useState('');
  const uid = s?.user.uid || '';
  const token = base()?.address || '';
  const summary = useLoad(async () => (s && token ? get('market/get-user-asset-info', { uid, baseTokenAddress: token }) : null), [uid, token]);
  const history = useLoad(async () => (s && token ? get('user/get-user-asset-history', { uid, timeInterval: interval, baseTokenAddress: token }) : null), [uid, token, interval]);
  const positions = useLoad(async () => (s ? get('market/get-user-positions', { page: 1, pageSize: 50 }) : null), [uid]);
  const lp = useLoad(async () => (s ? get('market/get-user-liquidity', { page: 1, pageSize: 50 }) : null), [uid]);
  const trades = useLoad(async () => (s ? get('market/get-user-trades', { page: tradePage, pageSize: 10 }) : null), [uid, tradePage]);
  const limits = !!st.cfg?.limitOrders;
  const orders = useLoad(async () => (s && limits ? get<OrdersPage>('market/get-user-orders', { page: orderPage, pageSize: 10 }) : null), [uid, limits, orderPage]);
  const all = () => {
    summary.reload();
    history.reload();
    positions.reload();
    lp.reload();
    trades.reload();
    orders.reload();
    refreshBadges();
  };
  // Each event reloads what it concerns, once per burst (useLoad's reload
  // is coalesced): a trade moves positions, trades and the summary; a
  // balance (a claim, liquidity, the faucet) the summary, the value and
  // the LP positions.
  useEffect(() => stream.on((e) => {
    switch (e.event) {
      case 'base:resync':
        all();
        break;
      case 'user:position_changed':
        summary.reload();
        positions.reload();
        trades.reload();
        orders.reload(); // a fill of a limit order
        break;
      case 'user:asset_changed':
        summary.reload();
        history.reload();
        positions.reload(); // a claim empties a position
        lp.reload();
        orders.reload(); // an order placed or cancelled moves the balance
        break;
    }
  }), [uid, interval, tradePage, orderPage]);
  if (!s) return <p><a href="/signin">Sign in</a> to see your portfolio.</p>;
  const sm = summary.data;
  // A withdrawn position leaves no row of "0 LP".
  const lpHeld = (lp.data?.positions || []).filter((p: any) => p.lpAmount !== '0');
  return (
    <div>
      <h1>Portfolio</h1>
      <ErrorBox error={summary.error} />
      {sm ? (
        <div class="stats" id="summary">
          <div><span class="label">Value</span><b id="value"><Amount raw={sm.value} /></b></div>
          <div><span class="label">Balance</span><b id="balance"><Amount raw={sm.balance} /></b></div>
          <div><span class="label">Positions</span><b><Amount raw={sm.positionsValue} /></b></div>
          {limits || (sm.ordersValue && sm.ordersValue !== '0') ? (
            <div title={'What your open buy orders hold in escrow (the tokens of sell orders count in Positions)'}><span class="label">In orders</span><b id="in-orders"><Amount raw={sm.ordersValue ?? '0'} /></b></div>
          ) : null}
          <div><span class="label">Liquidity</span><b><Amount raw={sm.liquidityValue} /></b></div>
          <div><span class="label">PnL</span><b id="pnl"><Signed raw={sm.pnl} /></b>
            <small class="muted rank">{sm.pnlRank ? 'rank #' + sm.pnlRank : 'not ranked yet'}</small></div>
        </div>
      ) : <Loading />}
      {st.cfg?.dev ? <Faucet onDone={all} /> : null}
      <Card title="Value over time">
        <Tabs label="Interval" compact value={interval} onChange={setInterval_} options={[['1d', '1D'], ['1w', '1W'], ['1m', '1M'], ['3m', '3M'], ['all', 'All']]} />
        <ErrorBox error={history.error} />
        {history.data ? <ValueChart history={history.data} interval={interval} /> : null}
      </Card>
      <Card title="Positions" id="positions">
        <ErrorBox error={positions.error} />
        {claimed ? <p class="small" id="claimed" role="status"><span class="up" aria-hidden="true">✓</span> {claimed}</p> : null}
        {positions.data?.positions.length === 0 ? <p class="muted">No open positions.</p> : null}
        <table class="list">
          <thead><tr><th>Market</th><th>Option</th><th>Tokens</th><th>Avg price → now</th><th>Value</th><th>PnL</th><th></th></tr></thead>
          <tbody>
            {positions.data?.positions.map((p: any) => <PositionRow p={p} onDone={all} onClaimed={setClaimed} />)}
          </tbody>
        </table>
      </Card>
      {limits ? <PortfolioOrders page={orderPage} onPage={setOrderPage} orders={orders.data} error={orders.error} onDone={all} /> : null}
      <Card title="Liquidity" id="lp-positions">
        {lp.data && lpHeld.length === 0 ? <p class="muted">No liquidity provided.</p> : null}
        <table class="list">
          <tbody>
            {lpHeld.map((p: any) => (
              <tr>
                <td data-label="Market"><a href={'/market/' + p.marketAddress}>{p.marketTitle}</a></td>
                <td data-label="LP tokens" class="num">{lpUnits(p.lpAmount, decimals())} LP · {pct(p.poolShare, 2)}</td>
                <td data-label="Value"><Amount raw={p.value} /></td>
                <td data-label="Fees earned" class="muted small"><Amount raw={p.feesEarned} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title="Trade history" id="history">
        {trades.data?.trades.length === 0 ? <p class="muted">No trades yet.</p> : null}
        <table class="list">
          {trades.data?.trades.length ? <thead><tr><th>Market</th><th>Trade</th><th>Tokens at</th><th>Amount</th><th>When</th></tr></thead> : null}
          <tbody>
            {trades.data?.trades.map((t: any) => (
              <tr>
                <td data-label="Market"><a href={'/market/' + t.marketAddress}>{t.marketTitle}</a></td>
                <td data-label="Trade" class={t.side === 1 ? 'up' : 'down'}>{t.side === 1 ? 'Buy' : 'Sell'} {t.optionTitle}</td>
                <td data-label="Tokens at" class="num">{toUnits(t.tokenAmount, decimals())} @ {pct(t.avgPrice)}</td>
                <td data-label="Amount"><Amount raw={t.baseAmount} /></td>
                <td data-label="When" class="muted small date">{when(t.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {trades.data ? <Pager page={tradePage} size={10} total={trades.data.total} onPage={setTradePage} /> : null}
      </Card>
    </div>
  );
}

/** The span of each interval of the value chart; "all" starts at the first point. */
const spans: Record<string, number> = { '1d': 86400e3, '1w': 7 * 86400e3, '1m': 30 * 86400e3, '3m': 90 * 86400e3 };

/** ValueChart draws the portfolio's value over the interval asked for, from its start to now. */
function ValueChart({ history, interval }: { history: any; interval: string }) {
  const points = history.points.map((p: any) => ({ t: Date.parse(p.time), v: Number(p.value) }));
  const to = Math.max(Date.now(), ...points.map((p: { t: number }) => p.t));
  const from = spans[interval] ? to - spans[interval] : undefined;
  return (
    <Chart label="Portfolio value over time" format={(v) => toUnits(BigInt(Math.round(v)), decimals())} unit={10 ** decimals()}
      from={from} to={to} series={[{ title: 'Value', points }]} />
  );
}

function PositionRow({ p, onDone, onClaimed }: { p: any; onDone: () => void; onClaimed: (said: string) => void }) {
  const [steps, setSteps] = useState<Step[]>([]);
  const [busy, setBusy] = useState(false);
  // An ended market's tokens are worth 1 (won), 0 (lost) or, on a void
  // market, 1/N: a claim on a void market redeems every option at once.
  const ended = p.marketStatus === 'ended' && p.amount !== '0';
  const won = ended && p.currentPrice === '1';
  const voided = ended && !won && (p.marketVoid === true || p.void === true || (parseFloat(p.currentPrice) > 0 && parseFloat(p.currentPrice) < 1));
  const claim = async () => {
    setBusy(true);
    try {
      const say = { doing: 'Claiming ' + (voided ? 'every option token of this void market' : toUnits(p.amount, decimals()) + ' ' + p.optionTitle + ' tokens'),
        done: 'Claimed: ' + (voided ? 'the tokens paid their share' : toUnits(p.amount, decimals()) + ' ' + symbol()) + ', now in your balance.', failed: 'Not claimed' };
      await runOp(opContext(), 'claim', 'market/claim-market-result', { marketAddress: p.marketAddress, optionAddress: p.optionAddress },
        { kind: 'claim', market: p.marketAddress, void: voided }, setSteps, nudge, say);
      // The claim empties the position: its row goes, and the card says it.
      onClaimed(p.marketTitle + ' · ' + p.optionTitle + ': ' + say.done);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <tr>
      <td data-label="Market"><a href={'/market/' + p.marketAddress}>{p.marketTitle}</a> <span class={'status ' + p.marketStatus}>{p.marketStatus}</span></td>
      <td data-label="Option">{p.optionTitle}</td>
      <td data-label="Tokens" class="num">{toUnits(p.amount, decimals())}</td>
      <td data-label="Avg price → now" class="num">{pct(p.avgPrice)} → {pct(p.currentPrice)}</td>
      <td data-label="Value"><Amount raw={p.value} /></td>
      <td data-label="PnL"><Signed raw={p.pnl} /> <span class="muted small num">{signedPct(p.pnlPercent)}</span></td>
      <td>{won || voided ? <button class="primary claim" disabled={busy} onClick={claim}>{voided ? 'Claim (void)' : 'Claim'}</button> : null}<Progress steps={steps} /></td>
    </tr>
  );
}

function Faucet({ onDone }: { onDone: () => void }) {
  const [msg, setMsg] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <p class="faucet">
      <button id="faucet" disabled={busy} onClick={async () => {
        setBusy(true);
        setMsg('');
        try {
          const r = await post('dev/faucet', { address: state.session!.account });
          setMsg('Received ' + toUnits(r.amount, decimals()) + ' ' + symbol() + ' (development chain).');
          // The faucet answers once its transaction is mined; the balance
          // is the indexer's, a block or so later, which tells the page
          // with user:asset_changed (the stream handler reloads then).
          onDone();
        } catch (e) {
          setMsg(inWords(e));
        } finally {
          setBusy(false);
        }
      }}>Get test {symbol()}</button> <span class="muted small" role="status">{msg}</span>
    </p>
  );
}
