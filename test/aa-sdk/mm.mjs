// A market maker's loop over predict's signed orders, with viem only: it
// signs orders from the EIP-712 domain and types GET /api/v1/config
// publishes (orderTypedData), quotes a bid and an ask around the pool's
// price of an option, re-quotes (cancelling the old quotes first) each
// round, and cancels everything at the end. Run by cmd/predict's
// TestMarketMakerWithViem; docs/bots.md shows it.
//
// The account must have enabled trading on the market (enable-trading)
// and hold the option tokens its asks give.
//
// env: PREDICT_URL (the service), TOKEN (the bot's bearer token),
// OWNER_KEY (its smart account's owner key, 0x…), MAKER (the smart
// account), MARKET (a market address), ROUNDS (how many quotes).
// stdout: JSON {rounds: [{price, bid, ask}], cancelled: [...hashes]}.
import { privateKeyToAccount } from "viem/accounts";

const base = process.env.PREDICT_URL;
const owner = privateKeyToAccount(process.env.OWNER_KEY);
const maker = process.env.MAKER;
const market = process.env.MARKET;
const rounds = Number(process.env.ROUNDS ?? 3);

// call is one request of the API: its data, or an Error with its code.
async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: "Bearer " + process.env.TOKEN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const out = await res.json();
  if (out.code !== 0) throw new Error(`${method} ${path}: ${out.code} ${out.msg}`);
  return out.data;
}

const config = await call("GET", "/api/v1/config");
const { domain, types, primaryType } = config.orderTypedData;

// Prices in basis points of one base token; sizes in base units (6
// decimals): 5 option tokens a side, 300 bps (0.03) either side of the pool.
const size = 5_000_000n;
const spread = 300n;

// quote signs and places an order of the first option: a bid (side 0)
// gives size·bps/10000 base units for size tokens, an ask (side 1) gives
// size tokens for as many base units.
async function quote(side, bps) {
  const value = (size * bps) / 10_000n;
  const message = {
    maker,
    signer: owner.address,
    market,
    option: 0n,
    side,
    makerAmount: side === 0 ? value : size,
    takerAmount: side === 0 ? size : value,
    // Quotes expire on their own if the bot dies: ten minutes.
    expiration: BigInt(Math.floor(Date.now() / 1000) + 600),
    salt: BigInt(Math.floor(Math.random() * 2 ** 48)),
    nonce: 0n,
    feeRateBps: 0n,
  };
  const signature = await owner.signTypedData({ domain, types, primaryType, message });
  const order = Object.fromEntries(Object.entries(message).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
  const placed = await call("POST", "/api/v1/market/place-signed-order", { order: { ...order, signature } });
  return placed.orderHash;
}

const out = { rounds: [], cancelled: [] };
for (let i = 0; i < rounds; i++) {
  const detail = await call("GET", "/api/v1/market/get-market-detail?marketAddress=" + market);
  const price = BigInt(Math.round(Number(detail.options[0].price) * 10_000));
  // Re-quote: the old quotes leave the book before the new ones enter it.
  const { cancelled } = await call("POST", "/api/v1/market/cancel-signed-orders", { marketAddress: market });
  out.cancelled.push(...cancelled);
  const bid = await quote(0, price - spread);
  const ask = await quote(1, price + spread);
  out.rounds.push({ price: price.toString(), bid, ask });
  await new Promise((r) => setTimeout(r, 200));
}
const { cancelled } = await call("POST", "/api/v1/market/cancel-signed-orders", { marketAddress: market });
out.cancelled.push(...cancelled);
console.log(JSON.stringify(out));
