// Package exchange is the signed order of the Exchange contract
// (contracts/src/Exchange.sol) in Go: its EIP-712 typed data, hash and
// signature, exactly as viem's or ethers' signTypedData make them, so that
// a maker signs with any wallet and the service checks what the contract
// will check.
package exchange

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Sides of an order.
const (
	Buy  uint8 = 0 // gives base tokens for option tokens
	Sell uint8 = 1 // gives option tokens for base tokens
)

// Domain name and version of the Exchange's EIP-712 domain.
const (
	DomainName    = "predict"
	DomainVersion = "1"
)

// Domain is where an order is valid: the chain and the Exchange contract.
type Domain struct {
	ChainID  *big.Int
	Exchange common.Address
}

// Order is an order as its maker signs it. MakerAmount is what it gives
// in total (base for a Buy, option tokens for a Sell) and TakerAmount what
// it wants in return, so its limit is TakerAmount/MakerAmount received per
// unit given.
type Order struct {
	Maker       common.Address // holds the funds and receives the proceeds
	Signer      common.Address // the maker itself, or the smart account's owner key
	Market      common.Address
	Option      *big.Int // option index in the market
	Side        uint8
	MakerAmount *big.Int
	TakerAmount *big.Int
	Expiration  *big.Int // Unix time from which it cannot be filled; 0: none
	Salt        *big.Int
	Nonce       *big.Int
	FeeRateBps  *big.Int // the highest fee the maker accepts
	Signature   []byte
}

// Types are the EIP-712 types of an order: what the config endpoint
// publishes for clients that sign without predict's code.
var Types = apitypes.Types{
	"EIP712Domain": {
		{Name: "name", Type: "string"},
		{Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"},
		{Name: "verifyingContract", Type: "address"},
	},
	"Order": {
		{Name: "maker", Type: "address"},
		{Name: "signer", Type: "address"},
		{Name: "market", Type: "address"},
		{Name: "option", Type: "uint256"},
		{Name: "side", Type: "uint8"},
		{Name: "makerAmount", Type: "uint256"},
		{Name: "takerAmount", Type: "uint256"},
		{Name: "expiration", Type: "uint256"},
		{Name: "salt", Type: "uint256"},
		{Name: "nonce", Type: "uint256"},
		{Name: "feeRateBps", Type: "uint256"},
	},
}

// TypedData is o as EIP-712 typed data in domain d.
func TypedData(d Domain, o *Order) apitypes.TypedData {
	num := func(x *big.Int) *math.HexOrDecimal256 {
		if x == nil {
			x = new(big.Int)
		}
		return (*math.HexOrDecimal256)(x)
	}
	str := func(x *big.Int) string {
		if x == nil {
			return "0"
		}
		return x.String()
	}
	return apitypes.TypedData{
		Types:       Types,
		PrimaryType: "Order",
		Domain: apitypes.TypedDataDomain{
			Name: DomainName, Version: DomainVersion, ChainId: num(d.ChainID), VerifyingContract: d.Exchange.Hex(),
		},
		Message: apitypes.TypedDataMessage{
			"maker": o.Maker.Hex(), "signer": o.Signer.Hex(), "market": o.Market.Hex(),
			"option": str(o.Option), "side": fmt.Sprint(o.Side),
			"makerAmount": str(o.MakerAmount), "takerAmount": str(o.TakerAmount),
			"expiration": str(o.Expiration), "salt": str(o.Salt), "nonce": str(o.Nonce), "feeRateBps": str(o.FeeRateBps),
		},
	}
}

// Hash is the EIP-712 hash of o in domain d: what its signer signs and
// what the Exchange keeps its state under.
func Hash(d Domain, o *Order) (common.Hash, error) {
	h, _, err := apitypes.TypedDataAndHash(TypedData(d, o))
	if err != nil {
		return common.Hash{}, fmt.Errorf("exchange: hash order: %w", err)
	}
	return common.BytesToHash(h), nil
}

// Sign signs o in domain d with key and sets its Signature (65 bytes, v
// 27 or 28, as wallets sign typed data).
func Sign(key *ecdsa.PrivateKey, d Domain, o *Order) error {
	h, err := Hash(d, o)
	if err != nil {
		return err
	}
	sig, err := crypto.Sign(h.Bytes(), key)
	if err != nil {
		return fmt.Errorf("exchange: sign order: %w", err)
	}
	sig[64] += 27
	o.Signature = sig
	return nil
}

// ErrBadSignature is the refusal of a signature that does not recover to
// the order's signer.
var ErrBadSignature = errors.New("exchange: the signature is not the signer's")

// Recover returns the key that signed o in domain d. Whether that key may
// sign for o.Maker (it is the maker, or its owner) is the caller's check;
// a contract wallet's ERC-1271 signature does not recover.
func Recover(d Domain, o *Order) (common.Address, error) {
	if len(o.Signature) != 65 {
		return common.Address{}, ErrBadSignature
	}
	h, err := Hash(d, o)
	if err != nil {
		return common.Address{}, err
	}
	sig := append([]byte(nil), o.Signature...)
	if sig[64] >= 27 {
		sig[64] -= 27
	}
	pub, err := crypto.SigToPub(h.Bytes(), sig)
	if err != nil {
		return common.Address{}, ErrBadSignature
	}
	return crypto.PubkeyToAddress(*pub), nil
}
