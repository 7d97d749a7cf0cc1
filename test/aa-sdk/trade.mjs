// trade.mjs buys option tokens through predict as any smart-account app
// would: permissionless builds a SimpleAccount (EntryPoint v0.6), viem's
// paymaster client asks predict's ERC-7677 methods for sponsorship and
// viem's bundler client estimates, sends and waits through predict's
// ERC-4337 methods. Nothing of predict's own client is used.
//
// Input: one JSON object on stdin (see cmd/predict/sdk_test.go):
//   {api, token, chainRpc, chainId, ownerKey, entryPoint, accountFactory,
//    trades: [{market, baseToken, option, amount, minReceive}]}
// Output: one JSON line per trade: {userOpHash, success, reason, txHash}.
import { createPublicClient, defineChain, encodeFunctionData, http, parseAbi } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createBundlerClient, createPaymasterClient } from "viem/account-abstraction"
import { toSimpleSmartAccount } from "permissionless/accounts"

const input = JSON.parse(await new Promise((resolve) => {
    let s = ""
    process.stdin.on("data", (d) => (s += d))
    process.stdin.on("end", () => resolve(s))
}))

const chain = defineChain({
    id: input.chainId,
    name: "predict dev chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [input.chainRpc] } },
})
const client = createPublicClient({ chain, transport: http(input.chainRpc) })
const predictRpc = http(`${input.api}/api/v1/rpc`, {
    fetchOptions: { headers: { Authorization: `Bearer ${input.token}` } },
})

const account = await toSimpleSmartAccount({
    client,
    owner: privateKeyToAccount(input.ownerKey),
    entryPoint: { address: input.entryPoint, version: "0.6" },
    factoryAddress: input.accountFactory,
})
const paymaster = createPaymasterClient({ transport: predictRpc })
const bundler = createBundlerClient({ account, client, chain, transport: predictRpc, paymaster, pollingInterval: 200 })

const erc20 = parseAbi(["function approve(address spender, uint256 amount) returns (bool)"])
const market = parseAbi(["function buy(uint256 option, uint256 baseIn, uint256 minTokensOut, uint256 deadline) returns (uint256)"])

// Deadlines are chain time (GET /api/v1/config: chainTime).
const config = await (await fetch(`${input.api}/api/v1/config`)).json()
const deadline = BigInt(config.data.chainTime) + 3600n

const supported = await bundler.getSupportedEntryPoints()
if (supported.map((a) => a.toLowerCase()).indexOf(input.entryPoint.toLowerCase()) < 0) {
    throw new Error(`entry point ${input.entryPoint} not in ${supported}`)
}

for (const t of input.trades) {
    const amount = BigInt(t.amount)
    const userOpHash = await bundler.sendUserOperation({
        calls: [
            { to: t.baseToken, data: encodeFunctionData({ abi: erc20, functionName: "approve", args: [t.market, amount] }) },
            { to: t.market, data: encodeFunctionData({ abi: market, functionName: "buy", args: [BigInt(t.option), amount, BigInt(t.minReceive), deadline] }) },
        ],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: 60_000 })
    const op = await bundler.getUserOperation({ hash: userOpHash })
    console.log(JSON.stringify({
        userOpHash,
        success: receipt.success,
        reason: receipt.reason ?? "",
        txHash: receipt.receipt.transactionHash,
        blockNumber: Number(op.blockNumber),
        paymaster: receipt.paymaster,
        sender: receipt.sender,
    }))
}
