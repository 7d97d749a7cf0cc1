package indexer

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Topics (event ids) of the logs the indexer reads; every other log of the
// followed contracts (Approval, RoleChanged, Deposited ...) is not fetched.
type topicSet struct {
	transfer, marketCreated, marketResolution, marketFlags         common.Hash
	bought, sold, added, removed, redeemed, fees, settled, claimed common.Hash
	asserted, disputed, arbitrated, finalized, voided, voidClaimed common.Hash
	opEvent, opRevert, beforeExecution                             common.Hash
	orderPlaced, orderFilled, orderCancelled                       common.Hash
	setsMinted, setsMerged, disputeExpired                         common.Hash
}

var topics = sync.OnceValue(func() topicSet {
	id := func(md *bind.MetaData, name string) common.Hash {
		a, err := md.GetAbi()
		if err != nil {
			panic(err) // the generated ABIs are constants
		}
		ev, ok := a.Events[name]
		if !ok {
			panic("indexer: no event " + name)
		}
		return ev.ID
	}
	return topicSet{
		transfer:         id(bindings.BaseTokenMetaData, "Transfer"),
		marketCreated:    id(bindings.MarketFactoryMetaData, "MarketCreated"),
		marketResolution: id(bindings.MarketFactoryMetaData, "MarketResolution"),
		marketFlags:      id(bindings.MarketFactoryMetaData, "MarketFlags"),
		bought:           id(bindings.MarketMetaData, "Bought"),
		sold:             id(bindings.MarketMetaData, "Sold"),
		added:            id(bindings.MarketMetaData, "LiquidityAdded"),
		removed:          id(bindings.MarketMetaData, "LiquidityRemoved"),
		redeemed:         id(bindings.MarketMetaData, "LiquidityRedeemed"),
		fees:             id(bindings.MarketMetaData, "FeesWithdrawn"),
		settled:          id(bindings.MarketMetaData, "Settled"),
		claimed:          id(bindings.MarketMetaData, "Claimed"),
		asserted:         id(bindings.MarketMetaData, "Asserted"),
		disputed:         id(bindings.MarketMetaData, "Disputed"),
		arbitrated:       id(bindings.MarketMetaData, "Arbitrated"),
		finalized:        id(bindings.MarketMetaData, "Finalized"),
		voided:           id(bindings.MarketMetaData, "Voided"),
		voidClaimed:      id(bindings.MarketMetaData, "VoidClaimed"),
		setsMinted:       id(bindings.MarketMetaData, "SetsMinted"),
		setsMerged:       id(bindings.MarketMetaData, "SetsMerged"),
		disputeExpired:   id(bindings.MarketMetaData, "DisputeExpired"),
		opEvent:          id(bindings.EntryPointMetaData, "UserOperationEvent"),
		opRevert:         id(bindings.EntryPointMetaData, "UserOperationRevertReason"),
		beforeExecution:  id(bindings.EntryPointMetaData, "BeforeExecution"),
		orderPlaced:      id(bindings.LimitOrdersMetaData, "OrderPlaced"),
		orderFilled:      id(bindings.LimitOrdersMetaData, "OrderFilled"),
		orderCancelled:   id(bindings.LimitOrdersMetaData, "OrderCancelled"),
	}
})

func (t topicSet) all() []common.Hash {
	return []common.Hash{t.transfer, t.marketCreated, t.marketResolution, t.marketFlags, t.bought, t.sold, t.added, t.removed,
		t.redeemed, t.fees, t.settled, t.claimed, t.asserted, t.disputed, t.arbitrated, t.finalized, t.voided,
		t.voidClaimed, t.opEvent, t.opRevert, t.beforeExecution, t.orderPlaced, t.orderFilled, t.orderCancelled,
		t.setsMinted, t.setsMerged, t.disputeExpired}
}

// Parsers of the suite's events; the filterers are not bound to an
// address, so one of each parses the logs of every market.
var (
	marketABI, _     = bindings.NewMarketFilterer(common.Address{}, nil)
	factoryABI, _    = bindings.NewMarketFactoryFilterer(common.Address{}, nil)
	entryPointABI, _ = bindings.NewEntryPointFilterer(common.Address{}, nil)
	ordersABI, _     = bindings.NewLimitOrdersFilterer(common.Address{}, nil)
)

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

// decoder turns the logs of one batch into effects.
type decoder struct {
	ctx   context.Context
	ix    *Indexer
	times map[uint64]time.Time // block timestamps
	// resolutions are the MarketResolution logs of the transaction being
	// decoded, by market.
	resolutions map[common.Address]*bindings.MarketFactoryMarketResolution
	// flags are the MarketFlags logs of the transaction, by market.
	flags map[common.Address]uint64
}

// decodeTx decodes the logs of one transaction, in log order. In a
// handleOps transaction the logs of the followed contracts between the
// EntryPoint's BeforeExecution (or the previous UserOperationEvent) and a
// UserOperationEvent were emitted by that operation's execution: they get
// its hash, so trades and settlements are attributed to operations.
func (d *decoder) decodeTx(logs []types.Log) ([]predict.Effect, error) {
	tp := topics()
	ep := d.ix.entryPoint
	opOf := make([]string, len(logs))
	reasons := map[common.Hash][]byte{}
	// The factory's MarketResolution follows MarketCreated in the same
	// call: the market's record takes its window, bond and fee.
	d.resolutions = map[common.Address]*bindings.MarketFactoryMarketResolution{}
	d.flags = map[common.Address]uint64{}
	start := 0
	for i, l := range logs {
		if l.Address == d.ix.factory && len(l.Topics) > 0 && l.Topics[0] == tp.marketResolution {
			if ev, err := factoryABI.ParseMarketResolution(l); err == nil {
				d.resolutions[ev.Market] = ev
			}
			continue
		}
		if l.Address == d.ix.factory && len(l.Topics) > 0 && l.Topics[0] == tp.marketFlags {
			if ev, err := factoryABI.ParseMarketFlags(l); err == nil && ev.Flags.IsUint64() {
				d.flags[ev.Market] = ev.Flags.Uint64()
			}
			continue
		}
		if l.Address != ep || len(l.Topics) == 0 {
			continue
		}
		switch l.Topics[0] {
		case tp.beforeExecution:
			start = i + 1
		case tp.opRevert:
			if ev, err := entryPointABI.ParseUserOperationRevertReason(l); err == nil {
				reasons[common.Hash(ev.UserOpHash)] = ev.RevertReason
			}
		case tp.opEvent:
			if len(l.Topics) > 1 {
				for j := start; j < i; j++ {
					opOf[j] = l.Topics[1].Hex()
				}
			}
			start = i + 1
		}
	}
	var out []predict.Effect
	for i, l := range logs {
		e, err := d.decode(l, opOf[i], reasons)
		if err != nil {
			return nil, fmt.Errorf("log %d of block %d (tx %s): %w", l.Index, l.BlockNumber, l.TxHash.Hex(), err)
		}
		if e != nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// decodeAs parses l as an event of type E and converts it with effect:
// the parse and its error check are the same for every contract event.
func decodeAs[E any](l types.Log, parse func(types.Log) (*E, error), effect func(*E) predict.Effect) (predict.Effect, error) {
	ev, err := parse(l)
	if err != nil {
		return nil, err
	}
	return effect(ev), nil
}

func (d *decoder) ref(l types.Log, op string) predict.LogRef {
	r := predict.LogRef{Block: l.BlockNumber, BlockHash: l.BlockHash.Hex(), LogIndex: l.Index, TxHash: l.TxHash.Hex(),
		Time: d.times[l.BlockNumber], OpHash: op, Address: lower(l.Address)}
	if len(l.Topics) > 0 {
		r.Topic = l.Topics[0].Hex()
	}
	return r
}

// decode returns the effect of one log, nil for a log that has none.
func (d *decoder) decode(l types.Log, op string, reasons map[common.Hash][]byte) (predict.Effect, error) {
	if len(l.Topics) == 0 || l.Removed {
		return nil, nil
	}
	tp := topics()
	ix := d.ix
	switch {
	case l.Address == ix.entryPoint && l.Topics[0] == tp.opEvent:
		ev, err := entryPointABI.ParseUserOperationEvent(l)
		if err != nil {
			return nil, err
		}
		hash := common.Hash(ev.UserOpHash)
		e := &predict.OpLog{LogRef: d.ref(l, hash.Hex()), Sender: lower(ev.Sender), Success: ev.Success}
		if !ev.Success {
			e.Reason = revertReason(reasons[hash])
		}
		return e, nil

	case l.Address == ix.factory && l.Topics[0] == tp.marketCreated:
		ev, err := factoryABI.ParseMarketCreated(l)
		if err != nil {
			return nil, err
		}
		return d.marketCreated(ev, d.ref(l, op))

	case l.Topics[0] == tp.transfer:
		if len(l.Topics) != 3 || len(l.Data) != 32 {
			return nil, nil // not an ERC-20 Transfer (e.g. ERC-721)
		}
		e := &predict.TransferLog{LogRef: d.ref(l, op), Token: lower(l.Address),
			From:   lower(common.BytesToAddress(l.Topics[1].Bytes())),
			To:     lower(common.BytesToAddress(l.Topics[2].Bytes())),
			Amount: new(big.Int).SetBytes(l.Data)}
		if ix.isBase[l.Address] && ix.cfg.KnownAccountsOnly {
			e.KnownOnly = true
		}
		return e, nil
	}

	if l.Address == ix.escrow && ix.escrow != (common.Address{}) {
		return d.orderEvent(l, op)
	}
	if !ix.isMarket(l.Address) {
		return nil, nil
	}
	return d.marketEvent(l, op)
}

// marketEvent decodes an event of a followed market; nil for one the
// indexer does not read. decode hands it every log of a market, as it
// hands the escrow's to orderEvent.
func (d *decoder) marketEvent(l types.Log, op string) (predict.Effect, error) {
	tp := topics()
	market := lower(l.Address)
	switch l.Topics[0] {
	case tp.bought:
		return decodeAs(l, marketABI.ParseBought, func(ev *bindings.MarketBought) predict.Effect {
			return &predict.TradeLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Option: int(ev.OptionIndex.Int64()), Side: predict.SideBuy, BaseAmount: ev.BaseIn, TokenAmount: ev.TokensOut,
				Fee: ev.Fee, Balances: ev.Balances}
		})
	case tp.sold:
		return decodeAs(l, marketABI.ParseSold, func(ev *bindings.MarketSold) predict.Effect {
			return &predict.TradeLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Option: int(ev.OptionIndex.Int64()), Side: predict.SideSell, BaseAmount: ev.BaseOut, TokenAmount: ev.TokensIn,
				Fee: ev.Fee, Balances: ev.Balances}
		})
	case tp.added:
		return decodeAs(l, marketABI.ParseLiquidityAdded, func(ev *bindings.MarketLiquidityAdded) predict.Effect {
			return &predict.LiquidityLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Kind: predict.LiquidityAdd, BaseAmount: ev.BaseIn, LPAmount: ev.LpMinted, SentBack: ev.SentBack,
				Balances: ev.Balances}
		})
	case tp.removed:
		return decodeAs(l, marketABI.ParseLiquidityRemoved, func(ev *bindings.MarketLiquidityRemoved) predict.Effect {
			return &predict.LiquidityLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Kind: predict.LiquidityRemove, BaseAmount: ev.BaseOut, LPAmount: ev.LpBurned, SentBack: ev.SentBack,
				Balances: ev.Balances}
		})
	case tp.redeemed:
		return decodeAs(l, marketABI.ParseLiquidityRedeemed, func(ev *bindings.MarketLiquidityRedeemed) predict.Effect {
			return &predict.LiquidityLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Kind: predict.LiquidityRedeem, BaseAmount: ev.BaseOut, LPAmount: ev.LpBurned, Balances: ev.Balances}
		})
	case tp.fees:
		return decodeAs(l, marketABI.ParseFeesWithdrawn, func(ev *bindings.MarketFeesWithdrawn) predict.Effect {
			return &predict.FeesLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account), Amount: ev.Amount}
		})
	case tp.claimed:
		return decodeAs(l, marketABI.ParseClaimed, func(ev *bindings.MarketClaimed) predict.Effect {
			return &predict.ClaimLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Option: int(ev.OptionIndex.Int64()), Amount: ev.Amount}
		})
	case tp.settled:
		return decodeAs(l, marketABI.ParseSettled, func(ev *bindings.MarketSettled) predict.Effect {
			e := &predict.SettledLog{LogRef: d.ref(l, op), Market: market, WinningOption: int(ev.WinningIndex.Int64()),
				Resolver: lower(ev.Resolver)}
			e.Source, e.Note = d.settleNote(op, market)
			return e
		})
	case tp.voided:
		return decodeAs(l, marketABI.ParseVoided, func(ev *bindings.MarketVoided) predict.Effect {
			e := &predict.VoidedLog{LogRef: d.ref(l, op), Market: market, Resolver: lower(ev.Resolver)}
			e.Source, e.Note = d.settleNote(op, market)
			return e
		})
	case tp.asserted:
		return decodeAs(l, marketABI.ParseAsserted, func(ev *bindings.MarketAsserted) predict.Effect {
			e := &predict.AssertedLog{LogRef: d.ref(l, op), Market: market, Outcome: outcome(ev.Outcome),
				Asserter: lower(ev.Asserter), Bond: ev.Bond, ChallengeEnd: time.Unix(ev.ChallengeEnd.Int64(), 0).UTC()}
			e.Source, e.Note = d.settleNote(op, market)
			return e
		})
	case tp.disputed:
		return decodeAs(l, marketABI.ParseDisputed, func(ev *bindings.MarketDisputed) predict.Effect {
			return &predict.DisputedLog{LogRef: d.ref(l, op), Market: market, Disputer: lower(ev.Disputer), Bond: ev.Bond}
		})
	case tp.arbitrated:
		return decodeAs(l, marketABI.ParseArbitrated, func(ev *bindings.MarketArbitrated) predict.Effect {
			return &predict.ArbitratedLog{LogRef: d.ref(l, op), Market: market, Outcome: outcome(ev.Outcome),
				Arbitrator: lower(ev.Arbitrator), BondWinner: lower(ev.BondWinner), Payout: ev.Payout, Fee: ev.Fee,
				Treasury: lower(ev.Treasury)}
		})
	case tp.finalized:
		return decodeAs(l, marketABI.ParseFinalized, func(ev *bindings.MarketFinalized) predict.Effect {
			return &predict.FinalizedLog{LogRef: d.ref(l, op), Market: market, Outcome: outcome(ev.Outcome),
				Asserter: lower(ev.Asserter), BondReturned: ev.BondReturned}
		})
	case tp.disputeExpired:
		return decodeAs(l, marketABI.ParseDisputeExpired, func(ev *bindings.MarketDisputeExpired) predict.Effect {
			return &predict.DisputeExpiredLog{LogRef: d.ref(l, op), Market: market, Disputer: lower(ev.Disputer), BondReturned: ev.BondReturned}
		})
	case tp.voidClaimed:
		return decodeAs(l, marketABI.ParseVoidClaimed, func(ev *bindings.MarketVoidClaimed) predict.Effect {
			return &predict.VoidClaimLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account),
				Amounts: ev.Amounts, BaseOut: ev.BaseOut}
		})
	case tp.setsMinted:
		return decodeAs(l, marketABI.ParseSetsMinted, func(ev *bindings.MarketSetsMinted) predict.Effect {
			return &predict.SetsLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account), Kind: predict.SetsMint, Amount: ev.Amount}
		})
	case tp.setsMerged:
		return decodeAs(l, marketABI.ParseSetsMerged, func(ev *bindings.MarketSetsMerged) predict.Effect {
			return &predict.SetsLog{LogRef: d.ref(l, op), Market: market, Account: lower(ev.Account), Kind: predict.SetsMerge, Amount: ev.Amount}
		})
	}
	return nil, nil
}

// outcome is a resolution log's outcome: an option index, or
// predict.VoidOutcome for the contract's VOID (and for any index out of
// int range, which the ledger then refuses as no option of the market).
func outcome(x *big.Int) int {
	if !x.IsInt64() || x.Int64() > 1<<16 {
		return predict.VoidOutcome
	}
	return int(x.Int64())
}

// revertReason renders the revert data of a failed operation as
// "Name(arg, ...)", e.g. "InsufficientOutput(80, 90)". The data is the
// called contract's choice (an Error(string) can hold any bytes): the
// text is made storable and bounded.
func revertReason(data []byte) string {
	if len(data) == 0 {
		return "reverted"
	}
	rev, err := bindings.DecodeRevert(data)
	if err != nil {
		return predict.CleanText(fmt.Sprintf("reverted: 0x%x", data), predict.MaxRevertReason)
	}
	return predict.CleanText(strings.TrimPrefix(rev.Error(), "execution reverted: "), predict.MaxRevertReason)
}

// orderEvent decodes an event of the LimitOrders escrow; nil for one the
// indexer does not read.
func (d *decoder) orderEvent(l types.Log, op string) (predict.Effect, error) {
	tp := topics()
	switch l.Topics[0] {
	case tp.orderPlaced:
		return decodeAs(l, ordersABI.ParseOrderPlaced, func(ev *bindings.LimitOrdersOrderPlaced) predict.Effect {
			return &predict.OrderPlacedLog{LogRef: d.ref(l, op), OrderID: ev.OrderId.Int64(), Owner: lower(ev.Owner), Market: lower(ev.Market),
				Option: int(ev.OptionIndex.Int64()), IsBuy: ev.IsBuy, LimitPrice: ev.LimitPrice, Amount: ev.Amount,
				Expiry: ev.Expiry.Int64(), PostOnly: ev.PostOnly}
		})
	case tp.orderFilled:
		return decodeAs(l, ordersABI.ParseOrderFilled, func(ev *bindings.LimitOrdersOrderFilled) predict.Effect {
			return &predict.OrderFilledLog{LogRef: d.ref(l, op), OrderID: ev.OrderId.Int64(), Owner: lower(ev.Owner),
				Counterparty: lower(ev.Counterparty), CounterOrder: ev.CounterOrderId.Int64(), In: ev.AmountIn, Out: ev.AmountOut,
				Remaining: ev.Remaining}
		})
	case tp.orderCancelled:
		return decodeAs(l, ordersABI.ParseOrderCancelled, func(ev *bindings.LimitOrdersOrderCancelled) predict.Effect {
			return &predict.OrderCancelledLog{LogRef: d.ref(l, op), OrderID: ev.OrderId.Int64(), Owner: lower(ev.Owner), By: lower(ev.By),
				Refunded: ev.Refunded}
		})
	}
	return nil, nil
}
