// Every on-chain action: the service prepares the UserOperation
// (aa/prepare-user-operation), the page checks it — sender, initCode,
// callData decoded and compared with what the user asked, userOpHash
// recomputed — signs the hash with the owner, submits it to the action's
// endpoint and follows it to confirmation. The same checks as the Go
// client's Signer (client/signer.go).

import {
  decodeFunctionData, encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, getAddress,
  type Hex,
} from 'viem';
import { ApiError, get, inWords, post, revertInWords } from './api';
import type { Owner } from './owner';

export type Config = {
  chainId: number; entryPoint: Hex; accountFactory: Hex; paymaster: Hex; marketFactory: Hex;
  baseTokens: { address: Hex; symbol: string; decimals: number }[]; feeBps: number; dev: boolean;
  /** Unix seconds of the chain's newest block (absent without a chain). */
  chainTime?: number;
};

const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, bytes[] func)',
]);
const tokenAbi = parseAbi(['function approve(address spender, uint256 amount)']);
const marketAbi = parseAbi([
  'function buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline)',
  'function sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline)',
  'function addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline)',
  'function removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline)',
  'function redeemLiquidity(uint256 lp)',
  'function claim(uint256 amount)',
  'function claimVoid(uint256[] amounts)',
  'function settle(uint256 winningOption)',
  'function assertOutcome(uint256 outcome)',
  'function dispute()',
  'function finalize()',
  'function arbitrate(uint256 outcome)',
]);

/** VOID is the outcome that voids a market (Market.sol): no option wins, each token pays 1/N. */
export const VOID = 2n ** 256n - 1n;
const factoryAbi = parseAbi([
  'function createMarket(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash)',
  'function createMarketWithResolution(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash, uint256 challengeWindow, uint256 bond)',
]);
const accountFactoryAbi = parseAbi(['function createAccount(address owner, uint256 salt)']);

export type UserOperation = {
  sender: Hex; nonce: Hex; initCode?: Hex; callData: Hex; callGasLimit: Hex; verificationGasLimit: Hex;
  preVerificationGas: Hex; maxFeePerGas: Hex; maxPriorityFeePerGas: Hex; paymasterAndData: Hex; signature: Hex;
};

/** userOpHash is EntryPoint v0.6 getUserOpHash. */
export function userOpHash(op: UserOperation, entryPoint: Hex, chainId: number): Hex {
  const packed = encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' },
      { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes32' }],
    [op.sender, BigInt(op.nonce), keccak256(op.initCode || '0x'), keccak256(op.callData), BigInt(op.callGasLimit),
      BigInt(op.verificationGasLimit), BigInt(op.preVerificationGas), BigInt(op.maxFeePerGas),
      BigInt(op.maxPriorityFeePerGas), keccak256(op.paymasterAndData || '0x')],
  );
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }],
    [keccak256(packed), entryPoint, BigInt(chainId)]));
}

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
  | { kind: 'create-market'; factory: Hex; baseToken: Hex; options: string[]; endTime: bigint; initialLiquidity: bigint; challengeWindow?: bigint };

const eqAddr = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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
  const target = intent.kind === 'create-market' ? intent.factory : intent.market;
  if (!eqAddr(main.to, target)) bad(`calls ${main.to}, not ${target}`);
  for (const c of calls.slice(0, -1)) {
    const ap = decodeFunctionData({ abi: tokenAbi, data: c.data });
    if (ap.functionName !== 'approve' || !eqAddr(ap.args[0], target)) bad('approves a spender other than the market');
    // A bond is approved exactly: an assertion or a dispute lets the market take the bond, no more.
    const bond = intent.kind === 'dispute-market' ? intent.bond : intent.kind === 'settle-market' ? intent.bond : undefined;
    if (bond !== undefined && ap.args[1] !== bond) bad(`approves ${ap.args[1]}, not the bond of ${bond}`);
    if (intent.kind === 'finalize-market' || intent.kind === 'arbitrate-market') bad('approves a token transfer where none is needed');
  }
  if (intent.kind === 'create-market') {
    const d = decodeFunctionData({ abi: factoryAbi, data: main.data });
    const [base, names, end, , liq] = d.args;
    // factoryAbi holds only the two create calls: anything else fails to decode.
    if (!eqAddr(base, intent.baseToken)) bad('uses another base token');
    if (names.join('\0') !== intent.options.join('\0')) bad('has other options');
    if (end !== intent.endTime) bad('has another end time');
    if (liq !== intent.initialLiquidity) bad('seeds another amount of liquidity');
    if (intent.challengeWindow !== undefined) {
      // A window of 0 is createMarket's (the factory's default window is 0).
      const window = d.functionName === 'createMarketWithResolution' ? d.args[7] : 0n;
      if (window !== intent.challengeWindow) bad(`has a challenge window of ${window} s, not ${intent.challengeWindow} s`);
    }
    return;
  }
  const d = decodeFunctionData({ abi: marketAbi, data: main.data });
  if (encodeFunctionData({ abi: marketAbi, ...d } as any) !== main.data.toLowerCase()) bad('market call is not in the standard encoding');
  const a = d.args as readonly bigint[];
  const name = d.functionName;
  switch (intent.kind) {
    case 'buy':
    case 'sell':
      if (name !== intent.kind) bad(`calls ${name}, not ${intent.kind}`);
      if (a[0] !== BigInt(intent.option)) bad('trades another option');
      if (a[1] !== intent.amount) bad(`spends ${a[1]}, not ${intent.amount}`);
      if (a[2] !== intent.minOut) bad('has another minimum output');
      if (a[3] !== intent.deadline) bad('has another deadline');
      return;
    case 'add-liquidity':
      if (name !== 'addLiquidity') bad(`calls ${name}, not addLiquidity`);
      if (a[0] !== intent.amount || a[1] !== intent.minOut || a[2] !== intent.deadline) bad('has other amounts or deadline');
      return;
    case 'remove-liquidity':
      if (name === 'redeemLiquidity') {
        if (a[0] !== intent.amount) bad('redeems another LP amount');
        return;
      }
      if (name !== 'removeLiquidity') bad(`calls ${name}, not removeLiquidity`);
      if (a[0] !== intent.amount || a[1] !== intent.minOut || a[2] !== intent.deadline) bad('has other amounts or deadline');
      return;
    case 'claim':
      if (intent.void) {
        if (name !== 'claimVoid') bad(`calls ${name}, not claimVoid`);
        const amounts = a[0] as unknown as readonly bigint[];
        if (intent.optionCount !== undefined && amounts.length !== intent.optionCount) bad(`claims ${amounts.length} options, not ${intent.optionCount}`);
        if (amounts.every((x) => x === 0n)) bad('claims nothing');
        return;
      }
      if (name !== 'claim') bad(`calls ${name}, not claim`);
      return;
    case 'settle-market':
      // A market without a challenge window settles at once (settle, which
      // cannot void); with a window the outcome is asserted (assertOutcome).
      if (name !== 'assertOutcome' && !(name === 'settle' && intent.outcome !== VOID)) bad(`calls ${name}, not assertOutcome`);
      if (a[0] !== intent.outcome) bad('asserts another outcome');
      return;
    case 'dispute-market':
      if (name !== 'dispute') bad(`calls ${name}, not dispute`);
      return;
    case 'finalize-market':
      if (name !== 'finalize') bad(`calls ${name}, not finalize`);
      return;
    case 'arbitrate-market':
      if (name !== 'arbitrate') bad(`calls ${name}, not arbitrate`);
      if (a[0] !== intent.outcome) bad('decides another outcome');
      return;
  }
}

/** checkInitCode insists a deploying operation deploys the owner's account. */
export function checkInitCode(initCode: Hex | undefined, cfg: Config, owner: Hex) {
  if (!initCode || initCode === '0x') return;
  const want = (cfg.accountFactory.toLowerCase() +
    encodeFunctionData({ abi: accountFactoryAbi, functionName: 'createAccount', args: [getAddress(owner), 0n] }).slice(2)).toLowerCase();
  if (initCode.toLowerCase() !== want) throw new Error('refusing to sign: the initCode does not deploy an account of this owner');
}

export type Step = { label: string; state: 'doing' | 'done' | 'failed'; detail?: string; seq?: number };

// seq numbers the operations of the page, so that its progress lists tell
// one operation from the next.
let seq = 0;
export type Progress = (steps: Step[]) => void;

export type OpContext = { cfg: Config; owner: Owner; account: Hex };

/**
 * runOp performs one action: prepare, check, sign, submit, follow.
 * fields are the endpoint's fields without userOperation. It resolves
 * with the endpoint's answer once the operation is confirmed, and rejects
 * with the reason in words otherwise.
 */
export async function runOp(ctx: OpContext, action: string, endpoint: string, fields: Record<string, unknown>,
  intent: Intent, progress: Progress, nudge?: (wake: () => void) => () => void): Promise<any> {
  const steps: Step[] = [];
  const n = ++seq;
  const step = (label: string, state: Step['state'] = 'doing', detail?: string) => {
    const last = steps[steps.length - 1];
    if (last && last.state === 'doing') last.state = 'done';
    steps.push({ label, state, detail, seq: n });
    progress([...steps]);
  };
  const fail = (detail: string) => {
    const last = steps[steps.length - 1];
    if (last) {
      last.state = 'failed';
      last.detail = detail;
    }
    progress([...steps]);
  };
  try {
    step('Preparing the operation');
    const p = await post<{ userOperation: UserOperation; userOpHash: Hex }>('aa/prepare-user-operation', { ...fields, action, owner: ctx.owner.address });
    step('Checking it');
    const op = p.userOperation;
    if (!eqAddr(op.sender, ctx.account)) throw new Error(`refusing to sign: the operation is from ${op.sender}, not your account ${ctx.account}`);
    checkInitCode(op.initCode, ctx.cfg, ctx.owner.address);
    checkCallData(op.callData, intent);
    const hash = userOpHash(op, ctx.cfg.entryPoint, ctx.cfg.chainId);
    if (hash.toLowerCase() !== p.userOpHash.toLowerCase()) throw new Error(`refusing to sign: the service says ${p.userOpHash}, the operation hashes to ${hash}`);
    step('Signing with your ' + ctx.owner.kind);
    op.signature = await ctx.owner.sign({ raw: hash });
    step('Submitting');
    const answer = await post<any>(endpoint, { ...fields, userOperation: op });
    if (answer.opHash && answer.opHash.toLowerCase() !== hash.toLowerCase()) throw new Error('the service answered another opHash than the signed one');
    step('Waiting for the chain', 'doing', hash.slice(0, 10) + '…');
    const status = await follow(hash, nudge);
    if (status.status !== 'confirmed') {
      const why = status.status === 'reverted' ? revertInWords(status.reason) : 'The operation was dropped: ' + (status.reason || 'no reason given');
      throw new Error(why);
    }
    step('Confirmed in block ' + status.blockNumber, 'done');
    return answer;
  } catch (e) {
    const msg = inWords(e);
    fail(msg);
    throw new Error(msg);
  }
}

/** transient says whether a failed read may succeed when tried again: the service busy, unreachable or briefly down. */
const transient = (e: unknown) =>
  e instanceof ApiError && (e.reason === 'PLEASE_WAIT' || e.reason === 'NETWORK' || e.status === 429 || e.status >= 500);

/**
 * follow polls the operation until it is final; an SSE event wakes it
 * early. The service has accepted the operation by then, so a read that
 * fails for a passing reason (a rate limit, the network) is tried again
 * rather than reported as the operation's failure.
 */
async function follow(opHash: Hex, nudge?: (wake: () => void) => () => void): Promise<any> {
  let wake: () => void = () => {};
  const stop = nudge?.(() => wake());
  try {
    for (let i = 0; i < 600; i++) {
      try {
        const s = await get<any>('aa/get-operation-status', { opHash }, { fresh: true });
        if (s.status === 'confirmed' || s.status === 'reverted' || s.status === 'dropped') return s;
      } catch (e) {
        if (!transient(e)) throw e;
      }
      await new Promise<void>((res) => {
        const t = setTimeout(res, Math.min(400 + i * 100, 2000));
        wake = () => {
          clearTimeout(t);
          res();
        };
      });
    }
    throw new Error('the operation is still not final; check the portfolio later');
  } finally {
    stop?.();
  }
}
