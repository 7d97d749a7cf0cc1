// Package devchain runs the embedded Ethereum dev chain of the default
// configuration: go-ethereum's own node, assembled as `geth --dev` assembles
// it (node, eth service, filter API, simulated beacon producing blocks), but
// persistent in the service's data directory.
//
// ethclient/simulated is not used because it forks back to genesis when it
// starts and keeps no data directory.
package devchain

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/predict-dev/predict/internal/chain"
)

// DefaultPeriod is the block interval of the embedded chain in the default
// configuration, close enough to a rollup's cadence for the service's
// pending/confirmed flow to look real.
const DefaultPeriod = time.Second

// SubDir is the directory, inside the service's data directory, that holds the
// chain. It is a geth data directory: `geth --datadir <dir>/chain` can
// inspect it while the service is stopped.
const SubDir = "chain"

// Config configures Open.
type Config struct {
	// Dir is the service's data directory; the chain lives in Dir/chain.
	Dir string
	// Period is the block interval. Zero seals a block only when a
	// transaction arrives (and on Commit), which keeps tests fast and
	// deterministic. Sub-second periods work; chain time then runs ahead of
	// the wall clock because block timestamps are whole seconds that must
	// increase.
	Period time.Duration
	// ChainID defaults to DefaultChainID. It is part of the genesis, so it
	// cannot change for an existing data directory.
	ChainID uint64
	// Keys are the service's accounts, funded at genesis. Required.
	Keys *chain.Keys
	// HTTPAddr, when set, serves JSON-RPC (eth, net, web3) on this host:port
	// for outside tools such as cast or viem; port 0 picks a free port (see
	// RPCURL). Use a loopback host: the endpoint has no authentication.
	HTTPAddr string
	// Logger receives go-ethereum's own log records at warn level and above.
	// Nil means slog.Default().
	Logger *slog.Logger
}

// Chain is a running embedded dev chain.
type Chain struct {
	node    *node.Node
	eth     *eth.Ethereum
	beacon  *catalyst.SimulatedBeacon
	client  *ethclient.Client
	chainID *big.Int
	rpcURL  string
	log     *slog.Logger

	commitReq chan chan error
	adjustReq chan adjustment
	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Open starts the chain in cfg.Dir/chain, creating it with its genesis on
// first use and resuming from the stored head afterwards.
//
// go-ethereum logs through a process-wide logger, so Open points that logger
// at cfg.Logger; with two chains in one process the last one opened wins.
func Open(ctx context.Context, cfg Config) (*Chain, error) {
	if cfg.Dir == "" {
		return nil, errors.New("devchain: Dir is required")
	}
	if cfg.Keys == nil || cfg.Keys.Operator == nil || cfg.Keys.Bundler == nil || cfg.Keys.Paymaster == nil {
		return nil, errors.New("devchain: Keys with operator, bundler and paymaster keys are required")
	}
	if cfg.Period < 0 {
		return nil, fmt.Errorf("devchain: negative block period %s", cfg.Period)
	}
	if cfg.ChainID == 0 {
		cfg.ChainID = DefaultChainID
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	logger := cfg.Logger.With("component", "devchain")
	dataDir := filepath.Join(cfg.Dir, SubDir)
	var fresh atomic.Bool
	if _, err := os.Stat(filepath.Join(dataDir, "geth", "chaindata")); errors.Is(err, fs.ErrNotExist) {
		fresh.Store(true)
	}
	defer fresh.Store(false)
	gethLogger := routeGethLogs(cfg.Logger, &fresh)

	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("devchain: %w", err)
	}
	nodeCfg := node.Config{
		// Name "geth" gives the same layout as a geth data directory.
		Name:    "geth",
		DataDir: dataDir,
		Logger:  gethLogger,
		// No peers, no discovery, no listening socket: a dev chain, exactly
		// as geth --dev configures p2p.
		P2P: p2p.Config{
			MaxPeers:    0,
			ListenAddr:  "",
			NoDial:      true,
			NoDiscovery: true,
			DiscoveryV4: false,
			DiscoveryV5: false,
		},
		// No IPC: the socket path length limit breaks in deep directories,
		// and in-process and HTTP access cover every use.
		IPCPath:              "",
		HTTPTimeouts:         rpc.DefaultHTTPTimeouts,
		BatchRequestLimit:    node.DefaultConfig.BatchRequestLimit,
		BatchResponseMaxSize: node.DefaultConfig.BatchResponseMaxSize,
		HTTPBodyLimit:        node.DefaultConfig.HTTPBodyLimit,
	}
	if cfg.HTTPAddr != "" {
		host, portStr, err := net.SplitHostPort(cfg.HTTPAddr)
		if err != nil {
			return nil, fmt.Errorf("devchain: HTTPAddr %q: %w", cfg.HTTPAddr, err)
		}
		port, err := strconv.ParseUint(portStr, 10, 16)
		if err != nil {
			return nil, fmt.Errorf("devchain: HTTPAddr %q: bad port", cfg.HTTPAddr)
		}
		if host == "" {
			host = "127.0.0.1"
		}
		nodeCfg.HTTPHost = host
		nodeCfg.HTTPPort = int(port)
		nodeCfg.HTTPModules = []string{"eth", "net", "web3"}
		// Requests addressed by IP are always served; "localhost" covers
		// tools that use the name.
		nodeCfg.HTTPVirtualHosts = []string{"localhost"}
		// Browser dapps on another local port need CORS. Safe to open: the
		// node holds no unlocked accounts and serves no admin namespaces,
		// so a page can only read public chain data or relay signed
		// transactions.
		nodeCfg.HTTPCors = []string{"*"}
	}

	stack, err := node.New(&nodeCfg)
	if err != nil {
		return nil, fmt.Errorf("devchain: %w", err)
	}
	c, err := start(ctx, stack, cfg, logger)
	if err != nil {
		stack.Close()
		return nil, err
	}
	return c, nil
}

// ethConfig is the node's configuration: geth --dev's, with the state
// written as each block is inserted and caches sized for a dev chain.
func ethConfig(cfg Config) ethconfig.Config {
	keys := cfg.Keys
	ethCfg := ethconfig.Defaults
	ethCfg.Genesis = Genesis(cfg.ChainID, keys.OperatorAddress(), keys.BundlerAddress(), keys.PaymasterAddress())
	ethCfg.NetworkId = cfg.ChainID
	ethCfg.SyncMode = ethconfig.FullSync // as geth --dev: there is nobody to snap-sync from
	// Hash scheme in archive mode commits the state of every block to the
	// database as the block is inserted. The default (path scheme, or hash
	// scheme with pruning) keeps recent state in memory and writes it only
	// on a clean shutdown; after a crash the node then rewinds its head to
	// the last state on disk and deletes the blocks above it, which on a
	// dev chain with no peers to re-sync from means the chain loses blocks
	// the service has already indexed (measured: a crash at block 7 came
	// back at genesis). Archive mode costs ~2.5 KB per empty block on top
	// of the ~6 KB the chain takes anyway, acceptable for a dev chain, and
	// historical state (eth_call at an old block) works, which helps
	// debugging.
	ethCfg.StateScheme = rawdb.HashScheme
	ethCfg.NoPruning = true
	// Mainnet defaults size caches for a full node (GBs); a dev chain
	// needs a fraction, and this process also runs the API and the store.
	ethCfg.DatabaseCache = 64
	ethCfg.DatabaseHandles = 256
	ethCfg.TrieCleanCache = 64
	ethCfg.TrieDirtyCache = 0
	ethCfg.SnapshotCache = 32
	ethCfg.Miner.GasCeil = GasLimit
	// geth --dev accepts any non-zero tip, so tools' default fee
	// suggestions never leave a transaction stuck in the pool.
	ethCfg.Miner.GasPrice = big.NewInt(1)
	// The default cap of 1 ether per transaction fee is a guard against
	// typos on mainnet; here it would only make load tests fail once the
	// base fee climbs under sustained full blocks.
	ethCfg.RPCTxFeeCap = 0
	// No log index: loading it costs ~250 ms on every start (20 s under
	// the race detector) and it is built block by block in the background.
	// eth_getLogs then scans headers' blooms over the queried range, which
	// is fast for the short ranges an indexer asks for; only very wide
	// queries over a long-lived chain get slower. ethclient/simulated makes
	// the same choice.
	ethCfg.LogNoHistory = true
	return ethCfg
}

// start runs the node of stack: the chain, its filter API and the
// simulated beacon, sealed by the chain's own loop (run).
func start(ctx context.Context, stack *node.Node, cfg Config, logger *slog.Logger) (*Chain, error) {
	ethCfg := ethConfig(cfg)
	backend, err := eth.New(stack, &ethCfg)
	if err != nil {
		var mismatch *core.GenesisMismatchError
		if errors.As(err, &mismatch) {
			return nil, fmt.Errorf("devchain: the chain in %s was created with other keys or another chain id (%w); restore the keys file it was created with, or remove the chain directory to start a new chain",
				stack.DataDir(), err)
		}
		return nil, fmt.Errorf("devchain: %w", err)
	}
	// The filter API serves eth_getLogs, eth_newFilter and log
	// subscriptions; eth.New does not register it (geth's
	// utils.RegisterFilterAPI does).
	filterSystem := filters.NewFilterSystem(backend.APIBackend, filters.Config{
		LogCacheSize:  ethCfg.FilterLogCacheSize,
		LogQueryLimit: ethCfg.LogQueryLimit,
		RangeLimit:    ethCfg.RangeLimit,
	})
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(filterSystem)}})

	// NewSimulatedBeacon reads the stored head, so the chain resumes where
	// it stopped. (ethclient/simulated additionally calls Fork(genesis),
	// which is what resets it.) Its own loop is not used (period 0): that
	// loop only knows whole seconds, and sealing must have a single driver
	// because sealBlock is not safe for concurrent use; run() is that
	// driver.
	beacon, err := catalyst.NewSimulatedBeacon(0, FeeRecipient, backend)
	if err != nil {
		return nil, fmt.Errorf("devchain: simulated beacon: %w", err)
	}
	stack.RegisterLifecycle(beacon)

	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := stack.Start(); err != nil {
		return nil, fmt.Errorf("devchain: start node: %w", err)
	}
	c := &Chain{
		node:      stack,
		eth:       backend,
		beacon:    beacon,
		client:    ethclient.NewClient(stack.Attach()),
		chainID:   new(big.Int).SetUint64(cfg.ChainID),
		log:       logger,
		commitReq: make(chan chan error),
		adjustReq: make(chan adjustment),
		stop:      make(chan struct{}),
		done:      make(chan struct{}),
	}
	if cfg.HTTPAddr != "" {
		c.rpcURL = stack.HTTPEndpoint()
	}
	go c.run(cfg.Period)

	head := backend.BlockChain().CurrentBlock()
	logger.Info("dev chain open", "dir", stack.DataDir(), "chain_id", cfg.ChainID,
		"head", head.Number, "period", cfg.Period, "rpc", c.rpcURL)
	return c, nil
}

// Client returns an in-process JSON-RPC client of the chain, valid until
// Close. It supports subscriptions (new heads, logs).
func (c *Chain) Client() *ethclient.Client { return c.client }

// RPCURL returns the HTTP JSON-RPC endpoint, or "" when Config.HTTPAddr was
// empty.
func (c *Chain) RPCURL() string { return c.rpcURL }

// ChainID returns the chain id.
func (c *Chain) ChainID() *big.Int { return new(big.Int).Set(c.chainID) }

// Commit seals one block now, with whatever the pool holds. Tests with
// Period 0 use it to move chain time forward.
func (c *Chain) Commit(ctx context.Context) error {
	reply := make(chan error, 1)
	return ask(ctx, c, c.commitReq, reply, reply)
}

// ask hands req to the sealing goroutine on ch and waits for its answer
// on reply, unless the chain is closed or ctx ends first.
func ask[T any](ctx context.Context, c *Chain, ch chan<- T, req T, reply <-chan error) error {
	select {
	case ch <- req:
	case <-c.done:
		return errors.New("devchain: closed")
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// adjustment asks the sealing goroutine to move chain time.
type adjustment struct {
	by    time.Duration
	reply chan error
}

// AdjustTime seals one empty block whose time is the head's plus by, so
// tests can pass a market's challenge window or end time without waiting
// (the simulated beacon's AdjustTime, run by the one goroutine that
// seals). It fails while transactions are pending.
func (c *Chain) AdjustTime(ctx context.Context, by time.Duration) error {
	a := adjustment{by: by, reply: make(chan error, 1)}
	return ask(ctx, c, c.adjustReq, a, a.reply)
}

// Close stops block production and shuts the node down, writing everything
// to disk; the next Open resumes from the last sealed block. It is safe to
// call more than once.
func (c *Chain) Close() error {
	c.closeOnce.Do(func() {
		close(c.stop)
		<-c.done // no seal may run while the eth service stops
		c.client.Close()
		c.closeErr = c.node.Close()
		if c.closeErr != nil {
			c.closeErr = fmt.Errorf("devchain: close: %w", c.closeErr)
		}
	})
	return c.closeErr
}

// run is the only goroutine that seals blocks.
func (c *Chain) run(period time.Duration) {
	defer close(c.done)
	var tick <-chan time.Time
	var newTxs chan struct{}
	if period > 0 {
		t := time.NewTicker(period)
		defer t.Stop()
		tick = t.C
		// Seal at once, as geth --dev does, so a fresh chain has a
		// post-genesis block without waiting a period.
		if err := c.seal(); err != nil {
			c.log.Warn("sealing block", "err", err)
		}
	} else {
		// The pool's event feed must never wait for this loop: sealing
		// calls TxPool.Sync, which waits for the pool's reset, which may be
		// sending a new-transactions event. A forwarder drains the feed and
		// coalesces it into a one-slot signal.
		raw := make(chan core.NewTxsEvent, 16)
		sub := c.eth.TxPool().SubscribeTransactions(raw, true)
		defer sub.Unsubscribe()
		newTxs = make(chan struct{}, 1)
		go func() {
			for {
				select {
				case <-raw:
					select {
					case newTxs <- struct{}{}:
					default: // a signal is pending already
					}
				case <-sub.Err():
					return
				case <-c.stop:
					return
				}
			}
		}()
		// A transaction sent between Open's return and the subscription
		// above raised no event: seal what the pool holds already.
		c.sealPending()
	}
	for {
		select {
		case <-c.stop:
			return
		case reply := <-c.commitReq:
			reply <- c.seal()
		case a := <-c.adjustReq:
			err := c.beacon.AdjustTime(a.by)
			if err == nil {
				err = c.eth.ChainDb().SyncKeyValue()
			}
			a.reply <- err
		case <-tick:
			if err := c.seal(); err != nil {
				c.log.Warn("sealing block", "err", err)
			}
		case <-newTxs:
			c.sealPending()
		}
	}
}

// sealPending seals blocks until the pool has no executable transaction
// left, so a burst larger than one block is not left waiting for the next
// transaction to arrive. It looks at the pool before each block: a signal
// can outlive its transaction (the pool re-announces transactions it
// re-injects on a reset, after they were sealed), and sealing on it would
// add an empty block that nobody asked for.
func (c *Chain) sealPending() {
	for {
		select {
		case <-c.stop:
			return
		default:
		}
		if err := c.eth.TxPool().Sync(); err != nil {
			return
		}
		if executable, _ := c.eth.TxPool().Stats(); executable == 0 {
			return
		}
		before := c.eth.BlockChain().CurrentBlock().Number.Uint64()
		if err := c.seal(); err != nil {
			c.log.Warn("sealing block", "err", err)
			return
		}
		// A pool transaction the miner will not include (e.g. its fee cap
		// is below the base fee) would otherwise make this spin.
		if head := c.eth.BlockChain().GetBlockByNumber(before + 1); head == nil || len(head.Transactions()) == 0 {
			return
		}
	}
}

// seal produces one block and makes it durable. The beacon's Commit only
// logs a sealing failure, so success is judged by the head moving.
func (c *Chain) seal() error {
	before := c.eth.BlockChain().CurrentBlock().Number.Uint64()
	c.beacon.Commit()
	if after := c.eth.BlockChain().CurrentBlock().Number.Uint64(); after <= before {
		return fmt.Errorf("devchain: block %d was not sealed (see the geth warning logged before this)", before+1)
	}
	// geth writes the database without fsync, and pebble even keeps the
	// last 32 KB of its write-ahead log in process memory until a block of
	// the log fills: a crash would lose the last several blocks, which
	// the service may already have indexed as confirmed. A real node
	// re-syncs them from peers; a dev chain has none. One fsync per block
	// closes that gap.
	if err := c.eth.ChainDb().SyncKeyValue(); err != nil {
		return fmt.Errorf("devchain: sync database: %w", err)
	}
	return nil
}
