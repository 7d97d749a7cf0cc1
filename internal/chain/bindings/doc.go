// Package bindings holds the Go bindings (abigen v1 style) of the contract suite: EntryPoint,
// SimpleAccount, SimpleAccountFactory and VerifyingPaymaster from @account-abstraction/contracts
// 0.6.0, and the service's BaseToken, OptionToken, Market, MarketFactory and LimitOrders
// (contracts/src).
//
// generated.go is generated from contracts/artifacts by contracts/generate.sh; do not edit it.
// CI runs contracts/generate.sh --check to prove it is up to date. errors.go is hand-written.
package bindings

//go:generate ../../../contracts/generate.sh
