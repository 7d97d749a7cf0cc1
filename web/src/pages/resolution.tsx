// The market page's resolution card: the asserted outcome and its bond,
// the challenge window counting down in chain time, dispute, finalize, the
// arbitrator's decision, and the claims of a won or a void market.

import { useEffect, useState } from 'preact/hooks';
import type { Hex } from 'viem';
import { clock, duration, short, toUnits, utc, when } from '../format';
import { runOp, VOID, type Intent, type Say, type Step } from '../ops';
import { chainNow, decimals, nudge, opContext, symbol } from '../session';
import { Amount, Card, Progress, useStore } from '../ui';

type Option = { optionAddress: Hex; title: string };
type Market = { marketAddress: Hex; options: Option[] };

/** ResolutionStatus is GET /api/v1/market/get-resolution-status. */
export type ResolutionStatus = {
  status: string; void?: boolean; challengeWindowSeconds?: number; bond?: string; disputeFeeBps?: number; disputable?: boolean; finalizable?: boolean;
  winningOption: { optionAddress: Hex; title: string } | null; settledAt: string; settledBy: { uid: string; name: string };
  resolutionSource: string; resolutionNote: string; totalClaimedAmount: string; totalClaimableAmount: string;
  assertion?: null | {
    void: boolean; optionAddress: string; optionTitle: string; asserterUid: string; asserterAddress: string; bond: string;
    assertedAt: string; challengeEndsAt: string; txHash: string;
  };
  dispute?: null | { disputerUid: string; disputerAddress: string; bond: string; disputedAt: string; txHash: string; arbitratorAddress?: string };
  arbitration?: null | {
    arbitratorAddress: string; void: boolean; optionAddress: string; optionTitle: string; upheld: boolean; arbitratedAt: string; txHash: string;
  };
};

const eq = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase();


/**
 * DisputeFee says what the arbitrator's decision keeps of the wrong side's
 * bond for the treasury: floor(bond · disputeFeeBps / 10000), as the market
 * contract computes it (docs/contracts.md).
 */
function DisputeFee({ bps, bond }: { bps: number; bond: bigint }) {
  if (bps <= 0) return <span class="dispute-fee">with no dispute fee</span>;
  return (
    <span class="dispute-fee">minus the dispute fee of {bps / 100} % of the wrong side's bond (<Amount raw={(bond * BigInt(bps)) / 10000n} />), to the treasury</span>
  );
}

/** Countdown shows the time left until end (ms, chain time) and calls onEnd once it passes. */
function Countdown({ end, onEnd }: { end: number; onEnd: () => void }) {
  const [now, setNow] = useState(chainNow());
  useEffect(() => {
    const t = setInterval(() => setNow(chainNow()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  useEffect(() => {
    if (left === 0) onEnd();
  }, [left === 0, end]);
  return (
    <b id="countdown" class="num" role="timer" data-left={left}>{left > 0 ? clock(left) : '0:00'}</b>
  );
}

export function Resolution({ d, res, positions, onDone, reload }: {
  d: Market; res: ResolutionStatus | undefined; positions: any[]; onDone: () => void; reload: () => void;
}) {
  const st = useStore();
  const [steps, setSteps] = useState<Step[]>([]);
  const [busy, setBusy] = useState(false);
  const [decision, setDecision] = useState<string>('');
  // While an outcome is pending, look again now and then: the window
  // closes without any event, and the chain's clock may jump.
  const pending = res?.status === 'settling' || res?.status === 'disputed';
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(reload, 10_000);
    return () => clearInterval(t);
  }, [pending]);
  if (!res) return null;

  const me = st.session?.account;
  const a = res.assertion || null;
  const disp = res.dispute || null;
  const arb = res.arbitration || null;
  const bond = BigInt(a?.bond || res.bond || '0');
  const who = (addr?: string) => (eq(addr, me) ? 'you' : short(addr || ''));
  const outcomeTitle = (isVoid: boolean, title: string) => (isVoid ? 'Void (no option wins)' : title);
  const indexOf = (addr: string) => d.options.findIndex((o) => eq(o.optionAddress, addr));

  const act = async (action: string, endpoint: string, fields: Record<string, unknown>, intent: Intent, say: Say) => {
    setBusy(true);
    try {
      await runOp(opContext(), action, endpoint, { marketAddress: d.marketAddress, ...fields }, intent, setSteps, nudge, say);
    } catch {
      /* the progress shows why */
    } finally {
      setBusy(false);
      onDone();
    }
  };

  const dispute = () => act('dispute-market', 'market/dispute-market', {}, { kind: 'dispute-market', market: d.marketAddress, bond },
    { doing: 'Disputing the proposed outcome', done: 'Outcome disputed: your bond is posted and the arbitrator decides.', failed: 'Not disputed' });
  const finalize = () => act('finalize-market', 'market/finalize-market', {}, { kind: 'finalize-market', market: d.marketAddress },
    { doing: 'Finalizing the outcome', done: 'Outcome finalized: the market has ended.', failed: 'Not finalized' });
  const arbitrate = () => {
    const pick = decision || (a?.void ? 'void' : a?.optionAddress || '');
    if (!pick) return;
    const isVoid = pick === 'void';
    void act('arbitrate-market', 'market/arbitrate-market', isVoid ? { void: true } : { winningOptionAddress: pick },
      { kind: 'arbitrate-market', market: d.marketAddress, outcome: isVoid ? VOID : BigInt(indexOf(pick)) },
      { doing: 'Deciding the dispute', done: 'Decided: the market has ended.', failed: 'Not decided' });
  };

  const claimSay: Say = { doing: 'Claiming your payout', done: 'Claimed: the payout is in your balance.', failed: 'Not claimed' };
  // Claims: the winning option's tokens pay 1 each; on a void market every
  // option token pays 1/N, claimed for all options at once.
  const win = res.winningOption;
  const held = positions.filter((p) => p.amount !== '0');
  const heldWin = win && held.find((p) => eq(p.optionAddress, win.optionAddress));
  const heldAll = held.reduce((s, p) => s + BigInt(p.amount), 0n);
  const voidPays = heldAll / BigInt(d.options.length);
  const claim = () => (res.void
    ? act('claim', 'market/claim-market-result', { optionAddress: held[0].optionAddress }, { kind: 'claim', market: d.marketAddress, void: true, optionCount: d.options.length }, claimSay)
    : act('claim', 'market/claim-market-result', { optionAddress: win!.optionAddress }, { kind: 'claim', market: d.marketAddress }, claimSay));

  // The dispute names the factory's arbitrator as the chain has it, which
  // deploy may have set without any role; without a chain, the role.
  const isArbitrator = disp?.arbitratorAddress
    ? eq(disp.arbitratorAddress, me)
    : !!st.session?.user.roles.includes('arbitrator');
  const enough = st.balance === null || BigInt(st.balance) >= bond;
  const end = a ? Date.parse(a.challengeEndsAt) : 0;

  return (
    <Card title="Resolution" id="resolution">
      <p>Status: <b class={'status ' + res.status} id="resolution-status">{res.status}{res.void ? ' · void' : ''}</b></p>

      {res.status === 'running' && res.challengeWindowSeconds ? (
        <p class="muted small">When the market ends, an admin or resolver proposes the outcome and posts a bond of <Amount raw={bond} />.
          Anyone can dispute it during the {duration(res.challengeWindowSeconds)} that follow; undisputed, it becomes final.</p>
      ) : null}

      {a ? (
        <p id="assertion">Proposed outcome: <b id="asserted">{outcomeTitle(a.void, a.optionTitle)}</b>
          <span class="muted small"> · by {who(a.asserterAddress)} {when(a.assertedAt)} · bond <Amount raw={a.bond} /></span></p>
      ) : null}

      {res.status === 'settling' && a ? (
        <>
          <p>Challenge window: <Countdown end={end} onEnd={reload} /> left <span class="muted small">(closes {utc(a.challengeEndsAt)}, chain time)</span></p>
          <p class="muted small">Trading has stopped. If nobody disputes the proposed outcome before the window closes, it becomes final and the asserter's bond is returned.</p>
        </>
      ) : null}

      {res.status === 'settling' && res.disputable ? (
        st.session ? (
          <div class="dispute" id="dispute-box">
            <h3>Disagree?</h3>
            <p class="small">Disputing costs a bond of <b><Amount raw={bond} /></b>, the same as the asserter's, taken from your balance.
              The outcome then waits for the arbitrator. If the arbitrator decides against the proposed outcome, you receive both bonds (yours and the asserter's), <DisputeFee bps={res.disputeFeeBps ?? 0} bond={bond} />;
              if the proposed outcome stands, your bond goes to the asserter.</p>
            {!enough ? <p class="error small">Your balance is below the bond.</p> : null}
            <button id="dispute" class="primary" disabled={busy || !enough} onClick={dispute}>Dispute — post a <Amount raw={bond} /> bond</button>
          </div>
        ) : <p class="small"><a href="/signin">Sign in</a> to dispute the proposed outcome.</p>
      ) : null}

      {res.finalizable ? (
        <div id="finalize-box">
          <p class="small">The challenge window is over and nobody disputed. Anyone can finalize: the market ends on the proposed outcome,
            the asserter's bond is returned and claims open.</p>
          {st.session ? <button id="finalize" class="primary" disabled={busy} onClick={finalize}>Finalize the outcome</button>
            : <p class="small"><a href="/signin">Sign in</a> to finalize.</p>}
        </div>
      ) : null}

      {disp ? (
        <p id="dispute-info">Disputed by {who(disp.disputerAddress)} {when(disp.disputedAt)} with a bond of <Amount raw={disp.bond} />.
          {res.status === 'disputed' ? <span class="small"> The arbitrator decides; trading stays closed until then.</span> : null}</p>
      ) : null}

      {res.status === 'disputed' && isArbitrator && a ? (
        <div id="arbitrate-box">
          <h3>Your decision (arbitrator)</h3>
          <label>Outcome
            <select id="arbitrate-outcome" value={decision || (a.void ? 'void' : a.optionAddress.toLowerCase())}
              onChange={(e) => setDecision((e.target as HTMLSelectElement).value)}>
              {d.options.map((o) => <option value={o.optionAddress.toLowerCase()}>{o.title}</option>)}
              <option value="void">Void — no option wins; every option token pays 1/{d.options.length}</option>
            </select>
          </label>
          <p class="small">Deciding the proposed outcome upholds the assertion: both bonds go to the asserter, <DisputeFee bps={res.disputeFeeBps ?? 0} bond={bond} />.
            Any other decision overturns it: both bonds go to the disputer. The market ends on your decision.</p>
          <button id="arbitrate" class="primary" disabled={busy} onClick={arbitrate}>Decide</button>
        </div>
      ) : null}

      {arb ? (
        <p id="arbitration">The arbitrator {arb.upheld ? 'upheld' : 'overturned'} the proposed outcome and decided{' '}
          <b>{outcomeTitle(arb.void, arb.optionTitle)}</b> {when(arb.arbitratedAt)}: both bonds went to the {arb.upheld ? 'asserter' : 'disputer'}, <DisputeFee bps={res.disputeFeeBps ?? 0} bond={bond} />.</p>
      ) : null}

      {win ? (
        <>
          <p>Winner: <b id="winner">{win.title}</b>{res.settledAt ? ' · ' + when(res.settledAt) : ''}{res.settledBy?.name ? ' by ' + res.settledBy.name : ''}</p>
        </>
      ) : null}
      {res.void ? (
        <p>Outcome: <b id="winner">Void</b> — no option won. Every option token pays 1/{d.options.length} {symbol()}
          {' '}({toUnits(10n ** BigInt(decimals()) / BigInt(d.options.length), decimals())} {symbol()}); liquidity shares redeem what the pool holds.</p>
      ) : null}
      {res.status === 'ended' ? (
        <>
          {a && !disp ? <p class="muted small">Undisputed after the challenge window: the asserter's bond was returned.</p> : null}
          {res.resolutionSource ? <p class="small">Source: {res.resolutionSource}</p> : null}
          {res.resolutionNote ? <p class="small">{res.resolutionNote}</p> : null}
          <p class="muted small">Claimed <Amount raw={res.totalClaimedAmount} />, still claimable <Amount raw={res.totalClaimableAmount} /></p>
        </>
      ) : null}
      {st.session && res.status === 'ended' && !res.void && heldWin ? (
        <button id="claim" class="primary" disabled={busy} onClick={claim}>Claim {toUnits(heldWin.amount, decimals())} {symbol()}</button>
      ) : null}
      {st.session && res.status === 'ended' && res.void && heldAll > 0n ? (
        <button id="claim" class="primary" disabled={busy} onClick={claim}>Claim {toUnits(voidPays, decimals())} {symbol()} for your {toUnits(heldAll, decimals())} option tokens</button>
      ) : null}
      <Progress steps={steps} />
    </Card>
  );
}
