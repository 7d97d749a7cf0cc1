// Every on-chain action: the service prepares the UserOperation
// (aa/prepare-user-operation), the page checks it — sender, initCode,
// callData decoded and compared with what the user asked, userOpHash
// recomputed — signs the hash with the owner, submits it to the action's
// endpoint and follows it to confirmation. The same checks as the Go
// client's Signer (client/signer.go).

import {
  encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, getAddress,
  type Hex,
} from 'viem';
import { ApiError, get, inWords, post, revertInWords } from './api';
import { checkCallData, type Intent } from './calldata';
export { checkCallData, VOID, type Intent } from './calldata';
import type { Owner } from './owner';

export type Config = {
  chainId: number; entryPoint: Hex; accountFactory: Hex; paymaster: Hex; marketFactory: Hex;
  baseTokens: { address: Hex; symbol: string; decimals: number }[]; feeBps: number; dev: boolean;
  /** Unix seconds of the chain's newest block (absent without a chain). */
  chainTime?: number;
  /** The LimitOrders escrow; absent on a deployment without limit orders. */
  limitOrders?: Hex;
};

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

/** checkInitCode insists a deploying operation deploys the owner's account. */
export function checkInitCode(initCode: Hex | undefined, cfg: Config, owner: Hex) {
  if (!initCode || initCode === '0x') return;
  const want = (cfg.accountFactory.toLowerCase() +
    encodeFunctionData({ abi: accountFactoryAbi, functionName: 'createAccount', args: [getAddress(owner), 0n] }).slice(2)).toLowerCase();
  if (initCode.toLowerCase() !== want) throw new Error('refusing to sign: the initCode does not deploy an account of this owner');
}

export type Step = { label: string; state: 'doing' | 'done' | 'failed'; detail?: string; seq?: number; say?: Say };

/**
 * Say is what an operation does, in words, for its progress (ui.tsx):
 * doing while it runs ("Placing a buy order: 7.50 USDC of Yes at 35% or
 * better"), done once confirmed ("Buy order placed: …"), failed before
 * the reason when it is not ("Buy order not placed").
 */
export type Say = { doing: string; done: string; failed: string };

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
  intent: Intent, progress: Progress, nudge?: (wake: () => void) => () => void, say?: Say): Promise<any> {
  const steps: Step[] = [];
  const n = ++seq;
  const step = (label: string, state: Step['state'] = 'doing', detail?: string) => {
    const last = steps[steps.length - 1];
    if (last && last.state === 'doing') last.state = 'done';
    steps.push({ label, state, detail, seq: n, say });
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
    step('Waiting for the chain', 'doing', 'Operation ' + hash);
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

/** eqAddr compares two addresses whatever their case. */
function eqAddr(a: string, b: string) {
  return a.toLowerCase() === b.toLowerCase();
}
