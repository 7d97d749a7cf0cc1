// The web app's check of a prepared operation's callData (src/calldata.ts)
// on the callData test vectors the service's tests write
// (kind/testdata/calldata.json) and the Go client's tests check too. Run
// by web/format_test.go (go test ./web), which compiles calldata.ts with
// the pinned tsc and passes the result as CALLDATA_JS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const { checkCallData } = await import(process.env.CALLDATA_JS);
const vectors = JSON.parse(readFileSync(new URL('../../kind/testdata/calldata.json', import.meta.url), 'utf8'));
const big = new Set(['amount', 'minOut', 'deadline', 'outcome', 'bond', 'endTime', 'initialLiquidity', 'limitPrice', 'expiry']);
const bigs = (x) => (Array.isArray(x) ? x.map(BigInt) : BigInt(x));

test('the vectors are there', () => assert.ok(vectors.length > 10));

for (const v of vectors) {
  test(v.name, () => {
    const intent = Object.fromEntries(Object.entries(v.intent).map(([k, x]) => [k, big.has(k) || k === 'orderIds' ? bigs(x) : x]));
    let err;
    try {
      checkCallData(v.callData, intent);
    } catch (e) {
      err = e;
    }
    assert.equal(err === undefined, v.ok, err ? err.message : 'accepted');
  });
}
