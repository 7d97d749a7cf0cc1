package cli

import (
	"crypto/ecdsa"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
)

// WriteKeyFile generates an owner key and writes it to path (as
// SaveKeyFile).
func WriteKeyFile(path string) (*ecdsa.PrivateKey, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	if err := SaveKeyFile(path, key); err != nil {
		return nil, err
	}
	return key, nil
}

// SaveKeyFile writes key to path as 64 hex characters and a newline (the
// form the web app's "Export owner key" downloads), in a new file of mode
// 0600: an existing file is an error, never overwritten.
func SaveKeyFile(path string, key *ecdsa.PrivateKey) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(f, hex.EncodeToString(crypto.FromECDSA(key))); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// ReadKeyFile reads an owner key written by SaveKeyFile, or any file
// holding a hex private key (with or without 0x, surrounding blanks and
// newlines ignored): a key the web app exported is one.
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
