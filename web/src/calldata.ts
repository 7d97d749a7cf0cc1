// The check of a prepared operation's callData against what the user
// asked (its Intent), driven by the catalogue of kinds (kinds.gen.ts,
// generated from kind/kind.go): which contract calls a kind's callData
// may end with, which field of the intent each of their arguments
// carries, and what its approvals may be. No kind is named here. The
// service (internal/aa Match) and the Go client run the same comparison;
// kind/testdata/calldata.json holds the vectors all three are tested on.

import { decodeFunctionData, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { kinds, type Intent, type Kind, type KindArg, type KindCall } from './kinds.gen';

export type { Intent } from './kinds.gen';

const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, bytes[] func)',
]);
const tokenAbi = parseAbi(['function approve(address spender, uint256 amount)']);
const steps = (c: KindCall): KindCall[] => [c, ...c.then];
const abiOf = (contract: string) =>
  parseAbi(kinds.flatMap((k) => k.calls.flatMap(steps).filter((c) => c.contract === contract).map((c) => c.signature)));
const abis = new Map<string, ReturnType<typeof abiOf>>();

/** VOID is the outcome that voids a market (Market.sol): no option wins, each token pays 1/N. */
export const VOID = 2n ** 256n - 1n;

const eqAddr = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** same reports whether an argument of the callData (got) is the intent's value (want) of the argument's type. */
function same(type: string, got: unknown, want: unknown): boolean {
  switch (type) {
    case 'address':
      return eqAddr(got as string, want as string);
    case 'index':
      return got === BigInt(want as number);
    case 'bigints':
      return ([] as unknown[]).concat(got).join(',') === (want as bigint[]).join(',');
    case 'strings':
      return (got as string[]).join('\0') === (want as string[]).join('\0');
  }
  return got === want;
}

/** checkCallData decodes a SimpleAccount call and compares it with intent; it throws on any difference. */
export function checkCallData(callData: Hex, intent: Intent): void {
  const bad = (what: string) => {
    throw new Error('refusing to sign: the prepared operation ' + what);
  };
  const asked = intent as unknown as Record<string, unknown>;
  const kind = kinds.find((k) => k.name === intent.kind && k.path !== '');
  if (!kind) throw new Error('refusing to sign: unknown action ' + intent.kind);
  const forms: Kind[] = [kind, ...kinds.filter((k) => k.of === kind.name)];

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
  const contract = kind.calls[0].contract;
  if (!abis.has(contract)) abis.set(contract, abiOf(contract));
  const abi = abis.get(contract)!;
  const method = (data: Hex) => {
    try {
      return decodeFunctionData({ abi, data }).functionName as string;
    } catch {
      return '';
    }
  };
  // The action's own calls: the steps of the kind's call that makes the most (kind.Call.Then) the callData ends with, or its last call.
  const candidates = forms.flatMap((f) => f.calls.map((c) => ({ form: f, call: c, steps: steps(c) })));
  candidates.sort((x, y) => y.steps.length - x.steps.length);
  const chosen = candidates.find(({ steps: st }) => st.length > 1 && st.length <= calls.length &&
    st.every((c, i) => method(calls[calls.length - st.length + i].data) === c.method));
  const own = calls.slice(calls.length - (chosen ? chosen.steps.length : 1));
  const target = asked[kind.target] as Hex;
  for (const c of own) if (!eqAddr(c.to, target)) bad(`calls ${c.to}, not ${target}`);
  // The approvals' spender is the call's target, or for 'spender' the spender the intent names (enable-trading's Exchange).
  const spender = kind.approves === 'spender' ? (asked.spender as Hex) : target;
  for (const c of calls.slice(0, calls.length - own.length)) {
    const ap = decodeFunctionData({ abi: tokenAbi, data: c.data });
    if (ap.functionName !== 'approve' || !eqAddr(ap.args[0], spender)) bad(kind.approves === 'spender' ? `approves a spender other than ${spender}` : 'approves a spender other than the market');
    if (kind.approves === 'spender' && ap.args[1] !== (asked.amount as bigint)) bad(`approves ${ap.args[1]}, not ${asked.amount}`);
    if (kind.approves === 'nothing') bad('approves a token transfer where none is needed');
    // A bond is approved exactly: an assertion or a dispute lets the market take the bond, no more.
    if (kind.approves === 'bond' && asked.bond !== undefined && ap.args[1] !== asked.bond) bad(`approves ${ap.args[1]}, not the bond of ${asked.bond}`);
    // An order escrows its amount: the approval covers it.
    if (kind.approves === 'amount' && ap.args[1] < (asked.amount as bigint)) bad(`approves ${ap.args[1]}, less than the ${asked.amount} escrowed`);
  }

  const decoded = own.map((c) => {
    const d = decodeFunctionData({ abi, data: c.data });
    if (encodeFunctionData({ abi, ...d } as any) !== c.data.toLowerCase()) bad('call is not in the standard encoding');
    return d;
  });
  const name = decoded[0].functionName as string;
  const form = chosen ? chosen.form : forms.find((f) => f.calls.some((c) => c.then.length === 0 && c.method === name));
  if (!form) bad(`calls ${name}, not ${kind.calls[0].method}`);
  const call = chosen ? chosen.call : form!.calls.find((c) => c.then.length === 0 && c.method === name)!;
  // A form the intent's flag asks for (a void market's claim) is its callData exactly when the flag is set.
  for (const f of forms) {
    if (f.when !== '' && !!asked[f.when] !== (f === form)) bad(`calls ${name}, not ${f === form ? kind.calls[0].method : f.calls[0].method}`);
  }
  // What chooses a call among the kind's: a flag of the intent, or a value the other calls carry as 0.
  for (const c of form!.calls) {
    if (c.whenKey === '') continue;
    const isChosen = c === call;
    if (c.whenType === 'flag' && !!asked[c.whenKey] !== isChosen) bad(`calls ${name}, not ${isChosen ? 'the other method' : c.method}`);
    if (c.whenType === 'value' && !isChosen && asked[c.whenKey] !== undefined && asked[c.whenKey] !== 0n) {
      bad(`calls ${name}, which has no ${c.whenKey}, not ${c.method} with ${asked[c.whenKey]}`);
    }
  }
  steps(call).forEach((st, n) => {
    const a = decoded[n].args as readonly unknown[];
    st.args.forEach((arg: KindArg, i: number) => {
      if (arg.any) {
        // Any amount up to the balance: the chain refuses more.
        const amounts = ([] as unknown[]).concat(a[i]) as bigint[];
        if (amounts.every((x) => x === 0n)) bad('claims nothing');
        if (arg.type === 'count' && asked[arg.key] !== undefined && amounts.length !== asked[arg.key]) {
          bad(`claims ${amounts.length} options, not ${asked[arg.key]}`);
        }
        return;
      }
      if (arg.key === '' || arg.chosen || asked[arg.key] === undefined) return;
      if (!same(arg.type, a[i], asked[arg.key])) bad(`has another ${arg.key}: ${a[i]}, not ${asked[arg.key]}`);
    });
  });
}
