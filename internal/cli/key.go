package cli

import (
	"crypto/ecdsa"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
)

// WriteKeyFile generates an owner key and writes it in hex to path, a new
// file of mode 0600 (an existing file is an error, never overwritten).
func WriteKeyFile(path string) (*ecdsa.PrivateKey, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	if _, err := fmt.Fprintln(f, hex.EncodeToString(crypto.FromECDSA(key))); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	return key, nil
}

// ReadKeyFile reads an owner key written by WriteKeyFile (or any file
// holding a hex private key).
func ReadKeyFile(path string) (*ecdsa.PrivateKey, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read key: %w", err)
	}
	key, err := chain.ParseKey(string(raw))
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	return key, nil
}
