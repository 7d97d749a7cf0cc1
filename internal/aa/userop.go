// Package aa is the service's ERC-4337 v0.6 side: the UserOperation of
// the API (package wire holds its type, its strict validation and hash),
// the SimpleAccount callData codec that tells which action an operation
// performs, and the VerifyingPaymaster signer.
package aa

import (
	"crypto/ecdsa"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/wire"
)

// UserOperation is an ERC-4337 v0.6 user operation (wire.UserOperation).
type UserOperation = wire.UserOperation

// SignHash signs a userOpHash as SimpleAccount v0.6 (and the
// VerifyingPaymaster) verify it: an EIP-191 personal-message signature,
// 65 bytes with v in {27, 28}.
func SignHash(hash common.Hash, key *ecdsa.PrivateKey) ([]byte, error) {
	sig, err := crypto.Sign(accounts.TextHash(hash.Bytes()), key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}
