// The check of a prepared operation's callData against what the user
// asked (its Intent), driven by the catalogue of kinds (kinds.gen.ts,
// generated from kind/kind.go): which contract calls a kind's callData
// may end with and where its fields stand among their arguments. The
// service (internal/aa Match) and the Go client run the same comparison;
// kind/testdata/calldata.json holds the vectors all three are tested on.

import { decodeFunctionData, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { kinds, type Kind } from './kinds.gen';

const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, bytes[] func)',
]);
const tokenAbi = parseAbi(['function approve(address spender, uint256 amount)']);
const signatures = (contract: string) => kinds.flatMap((k) => k.calls.filter((c) => c.contract === contract).map((c) => c.signature));
const marketAbi = parseAbi(signatures('market'));
const factoryAbi = parseAbi(signatures('factory'));
const ordersAbi = parseAbi(signatures('limitOrders'));

/** VOID is the outcome that voids a market (Market.sol): no option wins, each token pays 1/N. */
export const VOID = 2n ** 256n - 1n;

/** What the user asked for, in the terms the callData must match. */
export type Intent =
  | { kind: 'buy' | 'sell'; market: Hex; option: number; amount: bigint; minOut: bigint; deadline: bigint }
  | { kind: 'add-liquidity'; market: Hex; amount: bigint; minOut: bigint; deadline: bigint }
  | { kind: 'remove-liquidity'; market: Hex; amount: bigint; minOut: bigint; deadline: bigint }
  // A claim on a void market is claimVoid over every option (optionCount when the page knows it).
  | { kind: 'claim'; market: Hex; void?: boolean; optionCount?: number }
  // outcome: an option index or VOID; bond: what an assertion may approve (absent: not known).
  | { kind: 'settle-market'; market: Hex; outcome: bigint; bond?: bigint }
  | { kind: 'dispute-market'; market: Hex; bond: bigint }
  | { kind: 'finalize-market'; market: Hex }
  | { kind: 'arbitrate-market'; market: Hex; outcome: bigint }
  // challengeWindow absent: the factory's default (either create call is fine).
  | { kind: 'create-market'; factory: Hex; baseToken: Hex; options: string[]; endTime: bigint; initialLiquidity: bigint; challengeWindow?: bigint }
  // A limit order is placed with (and cancelled at) the LimitOrders escrow, named by the config.
  | { kind: 'place-limit-order'; escrow: Hex; market: Hex; option: number; isBuy: boolean; limitPrice: bigint; amount: bigint; expiry: bigint; postOnly: boolean }
  // orderIds absent: the service lists the open orders (cancelAll), many is then true.
  | { kind: 'cancel-order'; escrow: Hex; orderIds?: bigint[]; many?: boolean };

const eqAddr = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** kindNamed is the catalogue's entry of a kind, with the forms it takes on chain (redeem-liquidity for remove-liquidity). */
function callsOf(name: string): { kind: Kind; calls: Kind['calls'] } {
  const kind = kinds.find((k) => k.name === name);
  if (!kind) throw new Error('refusing to sign: unknown action ' + name);
  return { kind, calls: kinds.filter((k) => k.name === name || k.of === name).flatMap((k) => k.calls) };
}

/** checkCallData decodes a SimpleAccount call and compares it with intent; it throws on any difference. */
export function checkCallData(callData: Hex, intent: Intent): void {
  const bad = (what: string) => {
    throw new Error('refusing to sign: the prepared operation ' + what);
  };
  const outer = decodeFunctionData({ abi: accountAbi, data: callData });
  if (encodeFunctionData({ abi: accountAbi, ...outer } as any) !== callData.toLowerCase()) bad('callData is not in the standard encoding');
  let calls: { to: Hex; data: Hex }[];
  if (outer.functionName === 'execute') {
    const [to, value, data] = outer.args;
    if (value !== 0n) bad('sends ether');
    calls = [{ to, data }];
  } else {
    const [dests, datas] = outer.args;
    if (dests.length !== datas.length || dests.length === 0) bad('has a malformed batch');
    calls = dests.map((to, i) => ({ to, data: datas[i] }));
  }
  const main = calls[calls.length - 1];
  const target = intent.kind === 'create-market' ? intent.factory : 'escrow' in intent ? intent.escrow : intent.market;
  if (!eqAddr(main.to, target)) bad(`calls ${main.to}, not ${target}`);
  for (const c of calls.slice(0, -1)) {
    const ap = decodeFunctionData({ abi: tokenAbi, data: c.data });
    if (ap.functionName !== 'approve' || !eqAddr(ap.args[0], target)) bad('approves a spender other than the market');
    // A bond is approved exactly: an assertion or a dispute lets the market take the bond, no more.
    const bond = intent.kind === 'dispute-market' ? intent.bond : intent.kind === 'settle-market' ? intent.bond : undefined;
    if (bond !== undefined && ap.args[1] !== bond) bad(`approves ${ap.args[1]}, not the bond of ${bond}`);
    if (intent.kind === 'finalize-market' || intent.kind === 'arbitrate-market' || intent.kind === 'cancel-order') bad('approves a token transfer where none is needed');
    // An order escrows its amount: the approval covers it.
    if (intent.kind === 'place-limit-order' && ap.args[1] < intent.amount) bad(`approves ${ap.args[1]}, less than the ${intent.amount} escrowed`);
  }
  const { kind, calls: allowed } = callsOf(intent.kind);
  const abi = allowed[0].contract === 'factory' ? factoryAbi : allowed[0].contract === 'limitOrders' ? ordersAbi : marketAbi;
  const d = decodeFunctionData({ abi, data: main.data });
  if (encodeFunctionData({ abi, ...d } as any) !== main.data.toLowerCase()) bad('call is not in the standard encoding');
  const name = d.functionName as string;
  const call = allowed.find((c) => c.method === name);
  if (!call) bad(`calls ${name}, not ${kind.calls[0].method}`);
  const a = d.args as readonly unknown[];
  if (intent.kind === 'create-market') {
    const [base, names, end, , liq] = a as [Hex, string[], bigint, bigint, bigint];
    if (!eqAddr(base, intent.baseToken)) bad('uses another base token');
    if (names.join('\0') !== intent.options.join('\0')) bad('has other options');
    if (end !== intent.endTime) bad('has another end time');
    if (liq !== intent.initialLiquidity) bad('seeds another amount of liquidity');
    if (intent.challengeWindow !== undefined) {
      // A window of 0 is createMarket's (the factory's default window is 0).
      const window = name === 'createMarketWithResolution' ? a[7] : 0n;
      if (window !== intent.challengeWindow) bad(`has a challenge window of ${window} s, not ${intent.challengeWindow} s`);
    }
    return;
  }
  if (intent.kind === 'place-limit-order') {
    const [market, option, isBuy, price, amount, expiry, postOnly] = a as [Hex, bigint, boolean, bigint, bigint, bigint, boolean];
    if (!eqAddr(market, intent.market)) bad('places an order on another market');
    if (option !== BigInt(intent.option)) bad(`has another option: ${option}, not ${intent.option}`);
    if (isBuy !== intent.isBuy) bad('places an order of the other side');
    if (price !== intent.limitPrice) bad(`has another limit price: ${price}, not ${intent.limitPrice}`);
    if (amount !== intent.amount) bad(`has another amount: ${amount}, not ${intent.amount}`);
    if (expiry !== intent.expiry) bad(`has another expiry: ${expiry}, not ${intent.expiry}`);
    if (postOnly !== intent.postOnly) bad('has another postOnly');
    return;
  }
  if (intent.kind === 'cancel-order') {
    if (!!intent.many !== (name === 'cancelMany')) bad(`calls ${name}, not ${intent.many ? 'cancelMany' : 'cancel'}`);
    const ids = name === 'cancelMany' ? (a[0] as readonly bigint[]) : [a[0] as bigint];
    if (intent.orderIds !== undefined && ids.join(',') !== intent.orderIds.join(',')) bad(`cancels orders ${ids.join(', ')}, not ${intent.orderIds.join(', ')}`);
    return;
  }
  if (intent.kind === 'claim') {
    if (!!intent.void !== (name === 'claimVoid')) bad(`calls ${name}, not ${intent.void ? 'claimVoid' : 'claim'}`);
    if (name === 'claimVoid') {
      const amounts = a[0] as readonly bigint[];
      if (intent.optionCount !== undefined && amounts.length !== intent.optionCount) bad(`claims ${amounts.length} options, not ${intent.optionCount}`);
      if (amounts.every((x) => x === 0n)) bad('claims nothing');
    }
  }
  // A market without a challenge window settles at once (settle, which
  // cannot void); with a window the outcome is asserted (assertOutcome).
  if (intent.kind === 'settle-market' && intent.outcome === VOID && !call!.assert) bad(`calls ${name}, not assertOutcome`);
  const want = {
    option: 'option' in intent ? BigInt(intent.option) : 'outcome' in intent ? intent.outcome : undefined,
    amount: 'amount' in intent ? intent.amount : undefined,
    minOut: 'minOut' in intent ? intent.minOut : undefined,
    deadline: 'deadline' in intent ? intent.deadline : undefined,
  };
  for (const field of ['option', 'amount', 'minOut', 'deadline'] as const) {
    const at = call![field];
    if (at < 0 || (field === 'amount' && call!.anyAmount)) continue;
    if (a[at] !== want[field]) bad(`has another ${field === 'minOut' ? 'minimum output' : field}: ${a[at]}, not ${want[field]}`);
  }
  if (call!.anyAmount && call!.amount >= 0 && a[call!.amount] === 0n) bad('claims nothing');
}
