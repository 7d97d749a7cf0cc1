package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/devchain"
)

// runDevnode runs the embedded dev chain alone, serving JSON-RPC, like
// geth --dev or anvil: a node for `predict deploy`, for a `predict serve`
// configured with PREDICT_CHAIN_RPC_URL, and for outside tools. Its funded
// keys are in the data directory's keys.json.
func runDevnode(ctx context.Context, cfg *Config, args []string, stdout, stderr io.Writer) error {
	fs := commandFlags("devnode", stderr)
	addr := fs.String("addr", "127.0.0.1:8545", "JSON-RPC listen address (keep it on loopback: it has no authentication)")
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	log, err := newLogger(cfg, stderr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("create data dir: %w", err)
	}
	keys, err := chain.LoadOrCreateKeys(cfg.DataDir)
	if err != nil {
		return err
	}
	node, err := devchain.Open(ctx, devchain.Config{
		Dir: cfg.DataDir, Period: cfg.DevBlockInterval, ChainID: cfg.DevChainID, Keys: keys, HTTPAddr: *addr, Logger: log,
	})
	if err != nil {
		return err
	}
	defer node.Close()
	// The first line is the endpoint, for scripts and tests to read.
	fmt.Fprintln(stdout, node.RPCURL())
	log.Info("dev node ready", "rpc", node.RPCURL(), "chainId", node.ChainID(), "keys", filepath.Join(cfg.DataDir, chain.KeysFile),
		"operator", keys.OperatorAddress().Hex())
	<-ctx.Done()
	log.Info("dev node stopping")
	return nil
}
