package aa

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// LoginChallenge is what the owner of a smart account signs to prove
// control of it when a user binds it at login (docs/users.md): it names
// the identity the account is bound to, the account and the chain, so a
// signature serves that binding only, and it expires.
type LoginChallenge struct {
	Subject string         // identity-provider subject of the user
	Account common.Address // the smart account
	ChainID int64
	Nonce   string    // 32 lowercase hex digits
	Expires time.Time // whole seconds
}

// loginTitle opens every challenge. The text is longer than 32 bytes, so
// its EIP-191 hash can never equal that of a userOpHash: a key asked to
// sign a challenge cannot be made to sign an operation.
const loginTitle = "Sign in to predict: this signature binds your smart account to your identity."

var (
	nonceRe   = regexp.MustCompile(`^[0-9a-f]{32}$`)
	subjectRe = regexp.MustCompile(`^[\x21-\x7e]{1,256}$`) // printable ASCII, no spaces or newlines
)

// NewLoginChallenge returns a challenge with a fresh nonce that expires
// after ttl.
func NewLoginChallenge(subject string, account common.Address, chainID int64, now time.Time, ttl time.Duration) LoginChallenge {
	var nonce [16]byte
	rand.Read(nonce[:])
	return LoginChallenge{
		Subject: subject, Account: account, ChainID: chainID,
		Nonce:   hex.EncodeToString(nonce[:]),
		Expires: now.Add(ttl).Truncate(time.Second).UTC(),
	}
}

// Message is the text to sign (EIP-191 personal_sign).
func (c LoginChallenge) Message() string {
	return loginTitle + "\n\n" +
		"Identity: " + c.Subject + "\n" +
		"Account: " + strings.ToLower(c.Account.Hex()) + "\n" +
		"Chain ID: " + strconv.FormatInt(c.ChainID, 10) + "\n" +
		"Nonce: " + c.Nonce + "\n" +
		"Expires: " + c.Expires.UTC().Format(time.RFC3339)
}

// ParseLoginChallenge reads a challenge's message back. Only the exact
// text Message writes is a challenge; anything else is EINVALID.
func ParseLoginChallenge(msg string) (LoginChallenge, error) {
	bad := func(why string) (LoginChallenge, error) {
		return LoginChallenge{}, predict.Errorf(predict.EINVALID, "challenge is not a login challenge of this service: %s", why)
	}
	head, body, ok := strings.Cut(msg, "\n\n")
	if !ok || head != loginTitle {
		return bad("it must start with the service's title line")
	}
	fields := map[string]string{}
	for _, line := range strings.Split(body, "\n") {
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			return bad("a line is not a field")
		}
		fields[k] = v
	}
	var c LoginChallenge
	c.Subject, c.Nonce = fields["Identity"], fields["Nonce"]
	if !subjectRe.MatchString(c.Subject) {
		return bad("no identity")
	}
	if a := fields["Account"]; !common.IsHexAddress(a) || !strings.HasPrefix(a, "0x") {
		return bad("no account")
	} else {
		c.Account = common.HexToAddress(a)
	}
	var err error
	if c.ChainID, err = strconv.ParseInt(fields["Chain ID"], 10, 64); err != nil || c.ChainID <= 0 {
		return bad("no chain id")
	}
	if !nonceRe.MatchString(c.Nonce) {
		return bad("no nonce")
	}
	if c.Expires, err = time.Parse(time.RFC3339, fields["Expires"]); err != nil {
		return bad("no expiry")
	}
	c.Expires = c.Expires.UTC()
	if c.Message() != msg {
		return bad("it is not written as the service writes it")
	}
	return c, nil
}

// SignMessage signs msg as an EIP-191 personal message (personal_sign),
// 65 bytes with v in {27, 28}.
func SignMessage(msg []byte, key *ecdsa.PrivateKey) ([]byte, error) {
	sig, err := crypto.Sign(accounts.TextHash(msg), key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// RecoverMessageSigner returns the key that signed msg as an EIP-191
// personal message; v may be 27/28 or 0/1. A malformed signature is
// EINVALID.
func RecoverMessageSigner(msg, sig []byte) (common.Address, error) {
	if len(sig) != crypto.SignatureLength {
		return common.Address{}, predict.Errorf(predict.EINVALID, "signature must be %d bytes", crypto.SignatureLength)
	}
	s := bytes.Clone(sig)
	if s[64] >= 27 {
		s[64] -= 27
	}
	pub, err := crypto.SigToPub(accounts.TextHash(msg), s)
	if err != nil || !crypto.ValidateSignatureValues(s[64], new(big.Int).SetBytes(s[:32]), new(big.Int).SetBytes(s[32:64]), true) {
		return common.Address{}, predict.Errorf(predict.EINVALID, "signature is not a valid signature")
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// erc1967Implementation is the ERC-1967 storage slot of a proxy's
// implementation: keccak256("eip1967.proxy.implementation") - 1.
var erc1967Implementation = common.HexToHash("0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc")

// AccountChain is what Accounts reads of the chain; *ethclient.Client
// satisfies it.
type AccountChain interface {
	bind.ContractCaller
	StorageAt(ctx context.Context, account common.Address, key common.Hash, blockNumber *big.Int) ([]byte, error)
}

// Accounts tells the smart accounts of the service's SimpleAccountFactory
// from other addresses and checks who controls them.
//
// SimpleAccount v0.6 does not implement ERC-1271 (isValidSignature), so
// a signature is checked against the account's owner() read on chain,
// and for an account not deployed yet against the factory's derivation
// of its address from the signer (getAddress(owner, AccountSalt)).
type Accounts struct {
	chain   AccountChain
	factory common.Address
}

// NewAccounts returns the Accounts of factory on chain.
func NewAccounts(chain AccountChain, factory common.Address) *Accounts {
	return &Accounts{chain: chain, factory: factory}
}

func chainErr(what string, err error) error {
	return fmt.Errorf("%s: %w: %w", what, predict.Errorf(predict.ERPC, "the chain node failed: %s", what), err)
}

// Check reports whether account is deployed, after checking that it can
// be an account of the factory: a deployed account must be one (an
// ERC-1967 proxy of the factory's SimpleAccount implementation that has
// an owner); an address without code may be one, which only its owner
// can prove (VerifyOwner). The zero address and deployed contracts of
// any other kind (a market, a token) are EINVALID.
func (a *Accounts) Check(ctx context.Context, account common.Address) (deployed bool, err error) {
	_, deployed, err = a.owner(ctx, account)
	return deployed, err
}

// owner returns the owner of a deployed account of the factory, or
// deployed=false for an address without code.
func (a *Accounts) owner(ctx context.Context, account common.Address) (owner common.Address, deployed bool, err error) {
	notAccount := predict.Errorf(predict.EINVALID, "address %s is not a smart account of this service's account factory", strings.ToLower(account.Hex()))
	if account == (common.Address{}) {
		return common.Address{}, false, predict.Errorf(predict.EINVALID, "address must not be the zero address")
	}
	code, err := a.chain.CodeAt(ctx, account, nil)
	if err != nil {
		return common.Address{}, false, chainErr("read account code", err)
	}
	if len(code) == 0 {
		return common.Address{}, false, nil
	}
	slot, err := a.chain.StorageAt(ctx, account, erc1967Implementation, nil)
	if err != nil {
		return common.Address{}, true, chainErr("read account implementation", err)
	}
	f, err := bindings.NewSimpleAccountFactoryCaller(a.factory, a.chain)
	if err != nil {
		return common.Address{}, true, err
	}
	impl, err := f.AccountImplementation(&bind.CallOpts{Context: ctx})
	if err != nil {
		return common.Address{}, true, chainErr("read the factory's account implementation", err)
	}
	if common.BytesToAddress(slot) != impl {
		return common.Address{}, true, notAccount
	}
	acct, err := bindings.NewSimpleAccountCaller(account, a.chain)
	if err != nil {
		return common.Address{}, true, err
	}
	// A proxy of the implementation that was never initialized has no
	// owner: nobody controls it.
	if owner, err = acct.Owner(&bind.CallOpts{Context: ctx}); err != nil || owner == (common.Address{}) {
		return common.Address{}, true, notAccount
	}
	return owner, true, nil
}

// VerifyOwner checks that sig is an EIP-191 signature of msg by the owner
// of account, an account of the factory: for a deployed account its
// owner() on chain, for one not deployed yet the key from which the
// factory derives account. It returns the owner. A signature by any other
// key is EFORBIDDEN; a malformed one, or an account that is not one of
// the factory's, is EINVALID.
func (a *Accounts) VerifyOwner(ctx context.Context, account common.Address, msg, sig []byte) (common.Address, error) {
	signer, err := RecoverMessageSigner(msg, sig)
	if err != nil {
		return common.Address{}, err
	}
	owner, deployed, err := a.owner(ctx, account)
	if err != nil {
		return common.Address{}, err
	}
	if !deployed {
		derived, err := AccountAddress(ctx, a.chain, a.factory, signer)
		if err != nil {
			return common.Address{}, chainErr("derive account address", err)
		}
		if derived != account {
			return common.Address{}, predict.Errorf(predict.EFORBIDDEN, "the signature is not by the owner of account %s (the signer %s owns account %s)",
				strings.ToLower(account.Hex()), strings.ToLower(signer.Hex()), strings.ToLower(derived.Hex()))
		}
		return signer, nil
	}
	if signer != owner {
		return common.Address{}, predict.Errorf(predict.EFORBIDDEN, "the signature is not by the owner of account %s (signed by %s)",
			strings.ToLower(account.Hex()), strings.ToLower(signer.Hex()))
	}
	return owner, nil
}
