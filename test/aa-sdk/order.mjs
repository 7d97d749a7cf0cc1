// Signs an order of predict's Exchange as a market maker's program would:
// the EIP-712 domain and types from GET /api/v1/config (orderTypedData),
// signed with viem's signTypedData (not predict's code); run by cmd/predict's
// TestOrderSignedWithViem.
//
// env: PREDICT_URL (the service), ORDER_KEY (the maker's private key, 0x…),
// MARKET (a market address).
// stdout: JSON {order: {...the message, amounts as decimal strings}, signature}.
import { privateKeyToAccount } from "viem/accounts";

const base = process.env.PREDICT_URL;
const account = privateKeyToAccount(process.env.ORDER_KEY);

const res = await fetch(base + "/api/v1/config");
const { data: config } = await res.json();
const { domain, types, primaryType } = config.orderTypedData;

// A bid: 45 base units for 100 tokens of the first option.
const order = {
  maker: account.address,
  signer: account.address,
  market: process.env.MARKET,
  option: 0n,
  side: 0,
  makerAmount: 45n,
  takerAmount: 100n,
  expiration: 0n,
  salt: 12345n,
  nonce: 0n,
  feeRateBps: 0n,
};
const signature = await account.signTypedData({ domain, types, primaryType, message: order });
const plain = Object.fromEntries(Object.entries(order).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
console.log(JSON.stringify({ order: plain, signature }));
