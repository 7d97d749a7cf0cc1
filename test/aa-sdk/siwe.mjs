// Signs in to predict with Sign-In with Ethereum as a wallet would, with
// viem's createSiweMessage and signMessage (not predict's code); run by
// cmd/predict's TestSIWEWallet.
//
// env: PREDICT_URL (the service), SIWE_KEY (the wallet's private key, 0x…).
// stdout: JSON {login: {status, data}, loginNoStatement: {status, data},
// cases: {<name>: {status, code}}}: the sign-in with a statement and
// without one (viem then writes the address and two empty lines, as
// EIP-4361's grammar has it), then messages the service must refuse.
import { createSiweMessage } from "viem/siwe";
import { privateKeyToAccount } from "viem/accounts";

const base = process.env.PREDICT_URL;
const account = privateKeyToAccount(process.env.SIWE_KEY);

async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  return { status: res.status, code: json.code, data: json.data };
}

// signed builds and signs a message for a fresh nonce; over changes its
// fields (statement: undefined leaves the statement out).
async function signed(over = {}) {
  const { data: n } = await call("GET", "/api/v1/auth/siwe-nonce");
  const message = createSiweMessage({
    domain: n.domain,
    address: account.address,
    statement: "Sign in to predict.",
    uri: `https://${n.domain}/`,
    version: "1",
    chainId: n.chainId,
    nonce: n.nonce,
    issuedAt: new Date(),
    ...over(n),
  });
  return { message, signature: await account.signMessage({ message }) };
}

const first = await signed(() => ({}));
const login = await call("POST", "/api/v1/auth/siwe-login", first);
const loginNoStatement = await call("POST", "/api/v1/auth/siwe-login", await signed(() => ({ statement: undefined })));
const cases = {};
cases.replayedNonce = await call("POST", "/api/v1/auth/siwe-login", first);
cases.otherDomain = await call("POST", "/api/v1/auth/siwe-login", await signed(() => ({ domain: "evil.example" })));
cases.otherURI = await call("POST", "/api/v1/auth/siwe-login", await signed(() => ({ uri: "https://evil.example/login" })));
cases.forgedNonce = await call("POST", "/api/v1/auth/siwe-login", await signed((n) => ({ nonce: n.nonce.slice(0, -1) + (n.nonce.endsWith("0") ? "1" : "0") })));
cases.otherChain = await call("POST", "/api/v1/auth/siwe-login", await signed((n) => ({ chainId: n.chainId + 1 })));
cases.expired = await call("POST", "/api/v1/auth/siwe-login", await signed(() => ({
  issuedAt: new Date(Date.now() - 120_000),
  expirationTime: new Date(Date.now() - 60_000),
})));
const other = privateKeyToAccount("0x" + "11".repeat(32));
const forged = await signed(() => ({}));
forged.signature = await other.signMessage({ message: forged.message });
cases.otherSigner = await call("POST", "/api/v1/auth/siwe-login", forged);
for (const c of Object.values(cases)) delete c.data;
process.stdout.write(JSON.stringify({ login, loginNoStatement, cases }));
