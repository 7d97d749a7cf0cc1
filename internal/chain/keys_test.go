package chain_test

import (
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
)

func TestLoadOrCreateKeys(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "data") // does not exist yet
		k1, err := chain.LoadOrCreateKeys(dir)
		if err != nil {
			t.Fatal(err)
		}
		addrs := map[common.Address]bool{k1.OperatorAddress(): true, k1.BundlerAddress(): true, k1.PaymasterAddress(): true}
		if len(addrs) != 3 {
			t.Fatal("keys are not distinct")
		}
		fi, err := os.Stat(filepath.Join(dir, chain.KeysFile))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Fatalf("mode = %v, want 0600", fi.Mode().Perm())
		}
		k2, err := chain.LoadOrCreateKeys(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !k1.Operator.Equal(k2.Operator) || !k1.Bundler.Equal(k2.Bundler) || !k1.Paymaster.Equal(k2.Paymaster) {
			t.Fatal("keys changed on reload")
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("leftover files: %v", entries)
		}
	})
	t.Run("Concurrent", func(t *testing.T) {
		dir := t.TempDir()
		var wg sync.WaitGroup
		keys := make([]*chain.Keys, 4)
		errs := make([]error, 4)
		for i := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				keys[i], errs[i] = chain.LoadOrCreateKeys(dir)
			}()
		}
		wg.Wait()
		for i := range keys {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if keys[i].OperatorAddress() != keys[0].OperatorAddress() {
				t.Fatal("concurrent callers got different keys")
			}
		}
	})
	t.Run("ErrCorrupt", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, chain.KeysFile)
		content := []byte(`{"operator":"0xSECRETSECRET"`)
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := chain.LoadOrCreateKeys(dir)
		if err == nil {
			t.Fatal("corrupt file accepted")
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Fatalf("error leaks file content: %v", err)
		}
		if got, _ := os.ReadFile(path); string(got) != string(content) {
			t.Fatal("corrupt file was overwritten")
		}
	})
	t.Run("ErrAddressMismatch", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := chain.LoadOrCreateKeys(dir); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, chain.KeysFile)
		data, _ := os.ReadFile(path)
		other, _ := crypto.GenerateKey()
		k, _ := chain.LoadOrCreateKeys(dir)
		edited := strings.Replace(string(data), ktHex(k.Bundler), ktHex(other), 1)
		if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := chain.LoadOrCreateKeys(dir); err == nil || !strings.Contains(err.Error(), "bundler") {
			t.Fatalf("edited key accepted: %v", err)
		}
	})
}

func TestKeyFromEnvOrFile(t *testing.T) {
	key, _ := crypto.GenerateKey()
	hexKey := ktHex(key)
	const envVar, fileVar = "PREDICT_TEST_KEY", "PREDICT_TEST_KEY_FILE"

	t.Run("OKEnv", func(t *testing.T) {
		t.Setenv(envVar, " "+hexKey+"\n")
		t.Setenv(fileVar, "")
		got, err := chain.KeyFromEnvOrFile(envVar, fileVar)
		if err != nil || !got.Equal(key) {
			t.Fatalf("got %v, %v", got, err)
		}
	})
	t.Run("OKFile", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "key")
		if err := os.WriteFile(path, []byte(strings.TrimPrefix(hexKey, "0x")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv(envVar, "")
		t.Setenv(fileVar, path)
		got, err := chain.KeyFromEnvOrFile(envVar, fileVar)
		if err != nil || !got.Equal(key) {
			t.Fatalf("got %v, %v", got, err)
		}
	})
	t.Run("ErrBoth", func(t *testing.T) {
		t.Setenv(envVar, hexKey)
		t.Setenv(fileVar, "/nonexistent")
		if _, err := chain.KeyFromEnvOrFile(envVar, fileVar); err == nil {
			t.Fatal("both set accepted")
		}
	})
	t.Run("ErrNoKey", func(t *testing.T) {
		t.Setenv(envVar, "")
		t.Setenv(fileVar, "")
		if _, err := chain.KeyFromEnvOrFile(envVar, fileVar); !errors.Is(err, chain.ErrNoKey) {
			t.Fatalf("err = %v, want ErrNoKey", err)
		}
	})
	t.Run("ErrBadHexNotEchoed", func(t *testing.T) {
		bad := "zz" + strings.TrimPrefix(hexKey, "0x")[2:]
		t.Setenv(envVar, bad)
		t.Setenv(fileVar, "")
		_, err := chain.KeyFromEnvOrFile(envVar, fileVar)
		if err == nil {
			t.Fatal("bad hex accepted")
		}
		if strings.Contains(err.Error(), bad[2:20]) {
			t.Fatalf("error echoes key material: %v", err)
		}
	})
	t.Run("ErrMissingFile", func(t *testing.T) {
		t.Setenv(envVar, "")
		t.Setenv(fileVar, filepath.Join(t.TempDir(), "missing"))
		if _, err := chain.KeyFromEnvOrFile(envVar, fileVar); err == nil || errors.Is(err, chain.ErrNoKey) {
			t.Fatalf("err = %v", err)
		}
	})
}

// ktHex formats a key as keys.json stores it.
func ktHex(k *ecdsa.PrivateKey) string { return "0x" + hex.EncodeToString(crypto.FromECDSA(k)) }
