#!/usr/bin/env node
// Compiles the contract suite with the pinned solc-js (package-lock.json) through the standard-JSON
// interface and writes one artifact per contract: <out>/<Name>.json with abi, bytecode and
// deployedBytecode. Output is deterministic: same sources and lock file, same bytes.
//
// Usage: node build.js [--out DIR] [--combined FILE]
//   --out DIR        artifact directory (default: artifacts next to this file)
//   --combined FILE  also write a solc "combined-json" file of all bound contracts for abigen
'use strict';

const fs = require('fs');
const path = require('path');
const solc = require('solc');

const ROOT = __dirname;
const MAX_RUNTIME = 24576; // EIP-170
const MAX_INITCODE = 49152; // EIP-3860

// Each group is one solc compilation with its own optimizer settings. EntryPoint v0.6 only stays
// under the EIP-170 limit with runs=1,000,000 (as upstream builds it).
const GROUPS = [
  {
    name: 'account-abstraction',
    runs: 1000000,
    sources: [
      '@account-abstraction/contracts/core/EntryPoint.sol',
      '@account-abstraction/contracts/samples/SimpleAccountFactory.sol',
      '@account-abstraction/contracts/samples/VerifyingPaymaster.sol',
    ],
    contracts: {
      EntryPoint: '@account-abstraction/contracts/core/EntryPoint.sol',
      SimpleAccountFactory: '@account-abstraction/contracts/samples/SimpleAccountFactory.sol',
      SimpleAccount: '@account-abstraction/contracts/samples/SimpleAccount.sol',
      VerifyingPaymaster: '@account-abstraction/contracts/samples/VerifyingPaymaster.sol',
    },
  },
  {
    // OpenZeppelin's audited timelock, for settings changes (docs/contracts.md, trust model).
    name: 'governance',
    runs: 200,
    sources: ['@openzeppelin/contracts/governance/TimelockController.sol'],
    contracts: {
      TimelockController: '@openzeppelin/contracts/governance/TimelockController.sol',
    },
  },
  {
    name: 'predict',
    runs: 1000,
    sources: ['src/BaseToken.sol', 'src/MarketFactory.sol', 'src/LimitOrders.sol', 'src/Exchange.sol', 'src/test/BlacklistToken.sol'],
    contracts: {
      BaseToken: 'src/BaseToken.sol',
      BlacklistToken: 'src/test/BlacklistToken.sol',
      Exchange: 'src/Exchange.sol',
      LimitOrders: 'src/LimitOrders.sol',
      MarketFactory: 'src/MarketFactory.sol',
      Market: 'src/Market.sol',
      OptionToken: 'src/OptionToken.sol',
    },
  },
];

// Audited contracts taken as their publisher built them (no compiler of ours is involved): the
// Safe multisig that can hold the roles deciding outcomes (docs/contracts.md, trust model).
const PREBUILT = [
  { name: 'Safe', file: '@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json' },
  {
    name: 'SafeProxyFactory',
    file: '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  },
];

function parseArgs(argv) {
  const args = { out: path.join(ROOT, 'artifacts'), combined: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') args.out = path.resolve(argv[++i]);
    else if (a === '--combined') args.combined = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

function resolveImport(unit) {
  const candidates = unit.startsWith('@')
    ? [path.join(ROOT, 'node_modules', unit)]
    : [path.join(ROOT, unit), path.join(ROOT, 'node_modules', unit)];
  for (const file of candidates) {
    if (fs.existsSync(file)) return { contents: fs.readFileSync(file, 'utf8') };
  }
  return { error: `source not found: ${unit}` };
}

function compile(group) {
  const sources = {};
  for (const unit of group.sources) {
    const r = resolveImport(unit);
    if (r.error) throw new Error(r.error);
    sources[unit] = { content: r.contents };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: group.runs },
      evmVersion: 'london',
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers'] },
      },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport }));
  let failed = false;
  for (const e of output.errors || []) {
    if (e.severity === 'error') {
      failed = true;
      process.stderr.write(e.formattedMessage + '\n');
    } else if (!e.sourceLocation || !e.sourceLocation.file.startsWith('@')) {
      // Warnings in our own sources are shown; the pinned upstream packages' are not.
      process.stderr.write(e.formattedMessage + '\n');
    }
  }
  if (failed) throw new Error(`compilation of group ${group.name} failed`);
  return output;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!solc.version().startsWith('0.8.17+')) {
    throw new Error(`solc ${solc.version()} installed, 0.8.17 pinned: run npm ci`);
  }
  fs.mkdirSync(args.out, { recursive: true });
  const combined = { contracts: {}, version: solc.version() };
  const sizes = [];
  for (const group of GROUPS) {
    const output = compile(group);
    for (const name of Object.keys(group.contracts).sort()) {
      const unit = group.contracts[name];
      const c = output.contracts[unit] && output.contracts[unit][name];
      if (!c) throw new Error(`${unit}:${name} missing from the compiler output`);
      const bytecode = c.evm.bytecode.object;
      const deployed = c.evm.deployedBytecode.object;
      const artifact = {
        contractName: name,
        sourceName: unit,
        compiler: `solc-js ${solc.version()}`,
        optimizerRuns: group.runs,
        abi: c.abi,
        bytecode: '0x' + bytecode,
        deployedBytecode: '0x' + deployed,
      };
      fs.writeFileSync(path.join(args.out, `${name}.json`), JSON.stringify(artifact, null, 2) + '\n');
      combined.contracts[`${unit}:${name}`] = {
        abi: c.abi,
        bin: bytecode,
        'bin-runtime': deployed,
        hashes: c.evm.methodIdentifiers,
      };
      sizes.push([name, deployed.length / 2, bytecode.length / 2]);
    }
  }
  for (const p of PREBUILT) {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', p.file), 'utf8'));
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', p.file.split('/build/')[0], 'package.json'), 'utf8')).version;
    const artifact = {
      contractName: p.name,
      sourceName: p.file,
      compiler: `prebuilt by ${p.file.split('/build/')[0]} ${version}`,
      abi: pkg.abi,
      bytecode: pkg.bytecode,
      deployedBytecode: pkg.deployedBytecode,
    };
    fs.writeFileSync(path.join(args.out, `${p.name}.json`), JSON.stringify(artifact, null, 2) + '\n');
    combined.contracts[`${p.file}:${p.name}`] = {
      abi: pkg.abi,
      bin: pkg.bytecode.replace(/^0x/, ''),
      'bin-runtime': pkg.deployedBytecode.replace(/^0x/, ''),
    };
  }
  let tooBig = false;
  for (const [name, runtime, init] of sizes) {
    const flag = runtime > MAX_RUNTIME || init > MAX_INITCODE;
    tooBig = tooBig || flag;
    process.stderr.write(
      `${name.padEnd(22)} runtime ${String(runtime).padStart(6)} B  initcode ${String(init).padStart(6)} B${flag ? '  OVER LIMIT' : ''}\n`,
    );
  }
  if (tooBig) throw new Error('a contract exceeds the EIP-170 or EIP-3860 size limit');
  if (args.combined) fs.writeFileSync(args.combined, JSON.stringify(combined) + '\n');
}

try {
  main();
} catch (err) {
  process.stderr.write(`build.js: ${err.message}\n`);
  process.exit(1);
}
