package chainsim

import (
	"math/big"

	"github.com/predict-dev/predict"
)

// MintSets emits account's split of amount base tokens into amount
// tokens of every option, as Market.mintSets logs it: the base moves into
// the market, each option's mint, then SetsMinted (in the current block).
// The pool does not move.
func (c *Sim) MintSets(account string, amount *big.Int) {
	tx := c.Hash(c.block, "mintsets"+account)
	c.Transfer(tx, c.Base, account, c.Market, amount)
	for _, o := range c.Options {
		c.Transfer(tx, o, predict.ZeroAddress, account, amount)
	}
	c.Add(&predict.SetsLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Kind: predict.SetsMint, Amount: amount})
}

// MergeSets emits account's merge of amount complete sets into amount
// base tokens, as Market.mergeSets logs it: each option's burn, the
// payout, then SetsMerged.
func (c *Sim) MergeSets(account string, amount *big.Int) {
	tx := c.Hash(c.block, "mergesets"+account)
	for _, o := range c.Options {
		c.Transfer(tx, o, account, predict.ZeroAddress, amount)
	}
	c.Transfer(tx, c.Base, c.Market, account, amount)
	c.Add(&predict.SetsLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Kind: predict.SetsMerge, Amount: amount})
}
