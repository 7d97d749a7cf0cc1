package chain

import (
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// KeysFile is the name of the file, inside the data directory, that holds the
// service's own keys in the embedded default.
const KeysFile = "keys.json"

// ErrNoKey is returned by KeyFromEnvOrFile when neither variable is set, so a
// caller can tell "not configured" apart from "configured but unusable".
var ErrNoKey = errors.New("chain: no key configured")

// Keys are the service's own secp256k1 signing keys.
type Keys struct {
	// Operator deploys the contracts and sends the admin transactions
	// (roles, market creation, settlement).
	Operator *ecdsa.PrivateKey
	// Bundler sends EntryPoint.handleOps and pays its gas.
	Bundler *ecdsa.PrivateKey
	// Paymaster signs the VerifyingPaymaster's sponsorship data.
	Paymaster *ecdsa.PrivateKey
}

// OperatorAddress returns the address of the operator key.
func (k *Keys) OperatorAddress() common.Address { return crypto.PubkeyToAddress(k.Operator.PublicKey) }

// BundlerAddress returns the address of the bundler key.
func (k *Keys) BundlerAddress() common.Address { return crypto.PubkeyToAddress(k.Bundler.PublicKey) }

// PaymasterAddress returns the address of the paymaster signer key.
func (k *Keys) PaymasterAddress() common.Address {
	return crypto.PubkeyToAddress(k.Paymaster.PublicKey)
}

// keysJSON is the on-disk form. The addresses are written only so that a
// person reading the file knows which account is which; on load they are
// checked against the keys to catch a hand-edited file.
type keysJSON struct {
	Operator         string         `json:"operator"`
	Bundler          string         `json:"bundler"`
	Paymaster        string         `json:"paymaster"`
	OperatorAddress  common.Address `json:"operatorAddress"`
	BundlerAddress   common.Address `json:"bundlerAddress"`
	PaymasterAddress common.Address `json:"paymasterAddress"`
}

// LoadOrCreateKeys returns the keys kept in dir/keys.json, generating and
// storing new ones when the file does not exist yet. The embedded chain funds
// these addresses at genesis, so they must survive restarts: a lost file
// means a chain whose funded accounts nobody can sign for.
func LoadOrCreateKeys(dir string) (*Keys, error) {
	path := filepath.Join(dir, KeysFile)
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		return decodeKeys(path, data)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("chain: read keys: %w", err)
	}

	keys := &Keys{}
	for _, k := range []**ecdsa.PrivateKey{&keys.Operator, &keys.Bundler, &keys.Paymaster} {
		if *k, err = crypto.GenerateKey(); err != nil {
			return nil, fmt.Errorf("chain: generate key: %w", err)
		}
	}
	data, err = json.MarshalIndent(keysJSON{
		Operator:         keyHex(keys.Operator),
		Bundler:          keyHex(keys.Bundler),
		Paymaster:        keyHex(keys.Paymaster),
		OperatorAddress:  keys.OperatorAddress(),
		BundlerAddress:   keys.BundlerAddress(),
		PaymasterAddress: keys.PaymasterAddress(),
	}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("chain: encode keys: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("chain: create key dir: %w", err)
	}
	switch err := createFileAtomic(path, append(data, '\n'), 0o600); {
	case errors.Is(err, fs.ErrExist):
		// Another process created the file first; use its keys so that both
		// agree with what is on disk.
		return LoadOrCreateKeys(dir)
	case err != nil:
		return nil, fmt.Errorf("chain: write keys: %w", err)
	}
	return keys, nil
}

func decodeKeys(path string, data []byte) (*Keys, error) {
	var kj keysJSON
	if err := json.Unmarshal(data, &kj); err != nil {
		// Never include the file content: it is key material.
		return nil, fmt.Errorf("chain: %s is not valid JSON", path)
	}
	keys := &Keys{}
	for _, f := range []struct {
		name string
		hex  string
		addr common.Address
		dst  **ecdsa.PrivateKey
	}{
		{"operator", kj.Operator, kj.OperatorAddress, &keys.Operator},
		{"bundler", kj.Bundler, kj.BundlerAddress, &keys.Bundler},
		{"paymaster", kj.Paymaster, kj.PaymasterAddress, &keys.Paymaster},
	} {
		k, err := ParseKey(f.hex)
		if err != nil {
			return nil, fmt.Errorf("chain: %s: %s key: %w", path, f.name, err)
		}
		if f.addr != (common.Address{}) && f.addr != crypto.PubkeyToAddress(k.PublicKey) {
			return nil, fmt.Errorf("chain: %s: %s key does not match %sAddress %s", path, f.name, f.name, f.addr)
		}
		*f.dst = k
	}
	return keys, nil
}

// KeyFromEnvOrFile loads a hex private key from the environment variable
// envVar, or from the file whose path is in the environment variable fileVar
// (for secrets mounted as files). Keys are never taken from command-line
// flags because argv is visible to every user of the machine. Setting both
// variables is an error rather than a silent preference, and ErrNoKey is
// returned when neither is set.
func KeyFromEnvOrFile(envVar, fileVar string) (*ecdsa.PrivateKey, error) {
	val, hasVal := os.LookupEnv(envVar)
	path, hasPath := os.LookupEnv(fileVar)
	hasVal = hasVal && strings.TrimSpace(val) != ""
	hasPath = hasPath && strings.TrimSpace(path) != ""
	switch {
	case hasVal && hasPath:
		return nil, fmt.Errorf("chain: both %s and %s are set; set only one", envVar, fileVar)
	case hasVal:
		k, err := ParseKey(val)
		if err != nil {
			return nil, fmt.Errorf("chain: %s: %w", envVar, err)
		}
		return k, nil
	case hasPath:
		data, err := os.ReadFile(strings.TrimSpace(path))
		if err != nil {
			return nil, fmt.Errorf("chain: %s: %w", fileVar, err)
		}
		k, err := ParseKey(string(data))
		if err != nil {
			return nil, fmt.Errorf("chain: key file named by %s: %w", fileVar, err)
		}
		return k, nil
	}
	return nil, fmt.Errorf("%w: set %s or %s", ErrNoKey, envVar, fileVar)
}

// ParseKey parses a hex secp256k1 private key, with or without 0x and with
// surrounding whitespace (files written by echo end in a newline). Errors
// never repeat the input, which is key material.
func ParseKey(s string) (*ecdsa.PrivateKey, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if len(s) != 64 {
		return nil, fmt.Errorf("private key must be 32 bytes of hex, got %d hex characters", len(s))
	}
	k, err := crypto.HexToECDSA(s)
	if err != nil {
		return nil, errors.New("private key is not valid hex or not a valid secp256k1 scalar")
	}
	return k, nil
}

func keyHex(k *ecdsa.PrivateKey) string {
	return "0x" + common.Bytes2Hex(crypto.FromECDSA(k))
}

// createFileAtomic writes through a temporary file in the same directory and
// then links it into place, so a crash leaves no file or a complete one, never
// a truncated key file, and an existing file is never replaced (fs.ErrExist).
func createFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	err = f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err
		}
		// Some filesystems have no hard links; fall back to a rename,
		// checking for an existing file first (a small race, but only there).
		if _, serr := os.Lstat(path); serr == nil {
			return fs.ErrExist
		}
		if err := os.Rename(tmp, path); err != nil {
			return err
		}
	}
	// Sync the directory so the new name itself survives a power loss.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
