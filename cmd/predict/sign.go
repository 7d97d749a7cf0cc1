package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/cli"
)

// runKeygen writes a new owner key for a smart account to a file (mode
// 0600) and prints its address. Keys never go through flags or stdout.
func runKeygen(args []string, stdout, stderr io.Writer) error {
	fs := commandFlags("keygen", stderr)
	out := fs.String("out", "", "file to write the hex private key to (must not exist)")
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return cli.Usagef("keygen: --out FILE is required")
	}
	key, err := cli.WriteKeyFile(*out)
	if err != nil {
		return fmt.Errorf("keygen: %w", err)
	}
	fmt.Fprintln(stdout, strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex()))
	return nil
}

// apiUsage is the usage of the --api flag of sign and sign-login, whose
// default is the service every client verb calls (cli.DefaultURL).
const apiUsage = "service base `URL`, to read the chain id and EntryPoint (default $PREDICT_URL, else http://$PREDICT_HTTP_ADDR, else http://127.0.0.1:8080)"

// signFlags reads the line of sign and sign-login: --key-file is
// required, --body must be a JSON object, and --api defaults to the
// service the client verbs call.
func signFlags(name string, args []string, getenv func(string) string, stderr io.Writer) (keyFile string, body map[string]any, api string, err error) {
	fs := commandFlags(name, stderr)
	key := fs.String("key-file", "", "the `FILE` holding the owner's hex private key (predict keygen)")
	fields := "a `JSON` object of the endpoint's other fields, merged into the output"
	if name == "sign-login" {
		fields = "a `JSON` object of the login's other fields (userName, inviteByCode, avatarUrl), merged into the output"
	}
	raw := fs.String("body", "{}", fields)
	url := fs.String("api", "", apiUsage)
	if err := parseCommandFlags(fs, args); err != nil {
		return "", nil, "", err
	}
	if *key == "" {
		return "", nil, "", cli.Usagef("%s: --key-file FILE is required (the owner key, as predict keygen writes it)", name)
	}
	if err := json.Unmarshal([]byte(*raw), &body); err != nil {
		return "", nil, "", cli.Usagef("%s: --body must be a JSON object: %v", name, err)
	}
	if body == nil { // --body null
		body = map[string]any{}
	}
	if *url == "" {
		*url = cli.DefaultURL(getenv)
	}
	return *key, body, *url, nil
}

// runSign signs a prepared operation: it reads the answer of
// /api/v1/aa/prepare-user-operation on stdin, checks that userOpHash is
// the hash of the operation for the service's EntryPoint and chain (so a
// service cannot make the key sign something else), signs it with the
// owner key and prints the request body for the action's endpoint.
func runSign(args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	keyFile, fields, api, err := signFlags("sign", args, getenv, stderr)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(keyFile)
	if err != nil {
		return fmt.Errorf("sign: read key: %w", err)
	}
	key, err := chain.ParseKey(string(raw))
	if err != nil {
		return fmt.Errorf("sign: %w", err)
	}
	var prepared struct {
		Code int `json:"code"`
		Data struct {
			UserOperation *aa.UserOperation `json:"userOperation"`
			UserOpHash    common.Hash       `json:"userOpHash"`
		} `json:"data"`
		Msg string `json:"msg"`
	}
	if err := json.NewDecoder(stdin).Decode(&prepared); err != nil {
		return fmt.Errorf("sign: stdin is not a prepare-user-operation answer: %w", err)
	}
	if prepared.Code != 0 || prepared.Data.UserOperation == nil {
		return fmt.Errorf("sign: prepare failed: %d %s", prepared.Code, prepared.Msg)
	}
	entryPoint, chainID, err := serviceChain(api)
	if err != nil {
		return err
	}
	op := prepared.Data.UserOperation
	if h := op.Hash(entryPoint, chainID); h != prepared.Data.UserOpHash {
		return fmt.Errorf("sign: userOpHash %s is not the hash of the operation (%s); refusing to sign", prepared.Data.UserOpHash.Hex(), h.Hex())
	}
	if op.Signature, err = aa.SignHash(prepared.Data.UserOpHash, key); err != nil {
		return err
	}
	fields["userOperation"] = op
	enc := json.NewEncoder(stdout)
	return enc.Encode(fields)
}

// serviceChain reads the EntryPoint and chain id from GET /api/v1/config.
func serviceChain(api string) (common.Address, *big.Int, error) {
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Get(strings.TrimRight(api, "/") + "/api/v1/config")
	if err != nil {
		return common.Address{}, nil, fmt.Errorf("sign: read service config: %w", err)
	}
	defer res.Body.Close()
	var cfg struct {
		Data struct {
			ChainID    int64  `json:"chainId"`
			EntryPoint string `json:"entryPoint"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&cfg); err != nil || !common.IsHexAddress(cfg.Data.EntryPoint) {
		return common.Address{}, nil, fmt.Errorf("sign: %s/api/v1/config did not answer a config", api)
	}
	return common.HexToAddress(cfg.Data.EntryPoint), big.NewInt(cfg.Data.ChainID), nil
}

// runSignLogin signs a login challenge: it reads the answer of
// /api/v1/user/get-login-challenge on stdin, checks that it is a login
// challenge for the service's chain (never an operation's hash: a
// challenge cannot be one), says on stderr which identity and account it
// binds, signs it with the owner key and prints the login request body.
func runSignLogin(args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	keyFile, fields, api, err := signFlags("sign-login", args, getenv, stderr)
	if err != nil {
		return err
	}
	key, err := cli.ReadKeyFile(keyFile)
	if err != nil {
		return fmt.Errorf("sign-login: %w", err)
	}
	var answer struct {
		Code int `json:"code"`
		Data struct {
			Message string `json:"message"`
		} `json:"data"`
		Msg string `json:"msg"`
	}
	if err := json.NewDecoder(stdin).Decode(&answer); err != nil {
		return fmt.Errorf("sign-login: stdin is not a get-login-challenge answer: %w", err)
	}
	if answer.Code != 0 {
		return fmt.Errorf("sign-login: get-login-challenge failed: %d %s", answer.Code, answer.Msg)
	}
	c, err := aa.ParseLoginChallenge(answer.Data.Message)
	if err != nil {
		return fmt.Errorf("sign-login: %w", err)
	}
	_, chainID, err := serviceChain(api)
	if err != nil {
		return err
	}
	sig, err := client.SignLoginChallenge(key, answer.Data.Message, c.Account, chainID.Int64())
	if err != nil {
		return fmt.Errorf("sign-login: %w", err)
	}
	account := strings.ToLower(c.Account.Hex())
	fmt.Fprintf(stderr, "signed: bind account %s to identity %s on chain %d (challenge expires %s)\n",
		account, c.Subject, c.ChainID, c.Expires.Format(time.RFC3339))
	fields["address"], fields["owner"] = account, strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex())
	fields["challenge"], fields["signature"] = answer.Data.Message, sig
	return json.NewEncoder(stdout).Encode(fields)
}
