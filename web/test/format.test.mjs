// Unit tests of web/src/format.ts: how the page writes amounts, prices,
// signs and counts. Run by web/format_test.go (go test ./web), which
// compiles format.ts with the pinned tsc and passes the result as FORMAT_JS.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const f = await import(process.env.FORMAT_JS);
const M = '\u2212';

test('amounts are rounded half away from zero, never cut, to two decimals', () => {
  const cases = [
    ['0', '0.00'],
    ['1000000', '1.00'],
    ['1004999', '1.00'],
    ['1005000', '1.01'],
    ['1999999', '2.00'],
    ['1234567890', '1,234.57'],
    ['999995000', '1,000.00'],
    ['5000', '0.01'],
    ['4999', '< 0.01'],
    ['1', '< 0.01'],
    ['-1234567', M + '1.23'],
    ['-1', '> ' + M + '0.01'],
    ['-0', '0.00'],
  ];
  for (const [raw, want] of cases) assert.equal(f.toUnits(raw, 6), want, raw);
  assert.equal(f.toUnits(1005000n, 6), '1.01');
  assert.equal(f.toUnits(undefined, 6), '–');
  assert.equal(f.toUnits('15', 1), '1.50', 'fewer decimals than shown');
  assert.equal(f.toUnits('1500000000000000000', 18), '1.50');
});

test('LP shares are shown in full', () => {
  assert.equal(f.lpUnits('1234500000', 6), '1,234.5');
  assert.equal(f.lpUnits('1', 6), '0.000001');
  assert.equal(f.lpUnits('49999999', 6), '49.999999');
  assert.equal(f.lpUnits('0', 6), '0');
});

test('signed amounts: + for a gain, one minus for a loss, neither for zero', () => {
  assert.equal(f.signedUnits('1230000', 6), '+1.23');
  assert.equal(f.signedUnits('-1230000', 6), M + '1.23');
  assert.equal(f.signedUnits('0', 6), '0.00');
  assert.equal(f.signedUnits('-1000', 6), '> ' + M + '0.01', 'a tiny loss is not −0');
  assert.equal(f.signedUnits('1000', 6), '< +0.01');
});

test('prices are percentages, with the same minus', () => {
  assert.equal(f.pct('0.62'), '62.0%');
  assert.equal(f.pct(0.6249), '62.5%');
  assert.equal(f.pct('1'), '100.0%');
  assert.equal(f.pct(0.0004), '0.0%');
  assert.equal(f.pct(-0.000001, 2), '0.00%', 'no −0');
  assert.equal(f.pct(-0.0123, 2), M + '1.23%');
  assert.equal(f.pct('x'), '–');
  assert.equal(f.signedPct('12.345'), '+12.3%');
  assert.equal(f.signedPct('-3'), M + '3.0%');
  assert.equal(f.signedPct('-0.04'), '0.0%');
  assert.equal(f.signedPct('0'), '0.0%');
});

test('counts agree with their noun', () => {
  assert.equal(f.plural(1, 'holder'), '1 holder');
  assert.equal(f.plural(0, 'holder'), '0 holders');
  assert.equal(f.plural(2, 'reply', 'replies'), '2 replies');
  assert.equal(f.plural(1, 'reply', 'replies'), '1 reply');
  assert.equal(f.plural(1000, 'trader'), '1,000 traders');
});

test('no hyphen-minus in any figure', () => {
  for (const s of [f.toUnits('-5000000', 6), f.signedUnits('-5000000', 6), f.pct(-0.5), f.signedPct(-2)]) {
    assert.ok(!s.includes('-'), s);
  }
});

test('amounts typed by the user are read exactly', () => {
  assert.equal(f.parseUnits('1,234.5', 6), 1234500000n);
  assert.equal(f.parseUnits('0.0000001', 6), null);
  assert.equal(f.parseUnits('abc', 6), null);
});

test('limit prices are typed and shown as percentages', () => {
  assert.equal(f.parsePricePct('40'), 400000000000000000n);
  assert.equal(f.parsePricePct('40.5%'), 405000000000000000n);
  assert.equal(f.parsePricePct(' 0.01 '), 100000000000000n);
  for (const bad of ['0', '100', '150', '-5', 'abc', '', '1.00000000000000001']) assert.equal(f.parsePricePct(bad), null, bad);
  assert.equal(f.priceDecimal(400000000000000000n), '0.4');
  assert.equal(f.priceDecimal(405000000000000000n), '0.405');
  assert.equal(f.priceDecimal(1n), '0.000000000000000001');
  assert.equal(f.limitPct('0.4'), '40.0%');
  assert.equal(f.limitPct('0.4025'), '40.25%');
  assert.equal(f.limitPct('0.333333333333333333'), '33.3333%');
});

test('axes have round values that cover the data', () => {
  assert.deepEqual(f.niceTicks(0, 1, 5), [0, 0.25, 0.5, 0.75, 1]);
  assert.deepEqual(f.niceTicks(922, 1127, 5), [900, 1000, 1100, 1200]);
  const t = f.niceTicks(0.3, 0.7, 5);
  assert.ok(t[0] <= 0.3 && t[t.length - 1] >= 0.7 && t.length <= 6, String(t));
  assert.deepEqual(f.niceTicks(5, 5), [5], 'a flat span has one value');
});

test('a time axis is labelled for its span, never the same time twice', () => {
  const day = 86400e3;
  const now = Date.UTC(2026, 10, 27, 6, 53);
  // A week: dates, one a day (or every few days on a phone), at least two, all distinct and inside.
  for (const max of [8, 4, 3]) {
    const week = f.timeTicks(now - 7 * day, now, max);
    assert.ok(week.length >= 2 && week.length <= max, JSON.stringify(week));
    assert.equal(new Set(week.map((x) => x.label)).size, week.length, 'distinct labels');
    assert.ok(week.every((x) => x.t >= now - 7 * day && x.t <= now));
    assert.ok(week.every((x) => /^\d{1,2} [A-Z][a-z]{2}$/.test(x.label)), JSON.stringify(week));
  }
  assert.deepEqual(f.timeTicks(now - 7 * day, now, 8).map((x) => x.label), ['21 Nov', '22 Nov', '23 Nov', '24 Nov', '25 Nov', '26 Nov', '27 Nov']);
  // A day: hours, midnight as its date.
  assert.deepEqual(f.timeTicks(now - day, now, 6).map((x) => x.label), ['12:00', '18:00', '27 Nov', '06:00']);
  // An hour: minutes, both ends included within the most asked for.
  assert.deepEqual(f.timeTicks(Date.UTC(2026, 10, 27, 6, 0), Date.UTC(2026, 10, 27, 7, 0), 4).map((x) => x.label), ['06:00', '06:30', '07:00']);
  // A market a minute old: seconds.
  assert.deepEqual(f.timeTicks(Date.UTC(2026, 10, 27, 6, 0, 5), Date.UTC(2026, 10, 27, 6, 1, 0), 3).map((x) => x.label), ['06:00:30', '06:01:00']);
  // Months.
  assert.deepEqual(f.timeTicks(Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 1), 4).map((x) => x.label), ['Mar 2026', 'May 2026', 'Jul 2026']);
  assert.deepEqual(f.timeTicks(now, now, 5), [], 'an empty span has no labels');
});

test('the service\'s balance refusal is said once, with amounts as the page shows them', () => {
  assert.equal(f.balanceInWords('not enough USDC: balance 450.665305 USDC, buy 50000 USDC'),
    'Not enough USDC: you have 450.67 USDC; this buy needs 50,000.00 USDC.');
  assert.equal(f.balanceInWords('not enough "Yes" tokens: balance 10 "Yes" tokens, sell 20.5 "Yes" tokens'),
    'Not enough Yes tokens: you have 10.00 Yes tokens; this sell needs 20.50 Yes tokens.');
  assert.equal(f.balanceInWords('something else at 1.234567'), 'Not enough balance: something else at 1.23');
});
