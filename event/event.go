// Package event names the events of the event stream and the keys of
// their payloads (docs/events.md). It imports nothing, so every
// part of the service that raises or reads events (the ledger, the hub,
// the webhooks, the Go client through package wire) shares one list
// without pulling in the rest.
//
// base: events belong to one connection; user: events reach every
// connection of a user and the user's webhooks; market: events reach the
// connections subscribed to the market's topic and platform webhooks.
package event

// Event names.
const (
	Connected       = "base:connected"
	Ping            = "base:ping"
	Resync          = "base:resync" // refetch what you show: the missed events cannot all be replayed
	PositionChanged = "user:position_changed"
	AssetChanged    = "user:asset_changed"
	NewNotification = "user:new_notification"
	NewTrades       = "market:new_trades"
	PriceChange     = "market:price_change"
	InfoUpdate      = "market:info_update"
	// OperationStatus: an operation of the user moved (accepted,
	// submitted, confirmed, reverted, dropped); fields op_hash, status,
	// reason, tx_hash, market_address, action.
	OperationStatus = "user:operation_status"
	// MarketCreated comes on the market factory's topic (the market:
	// topic of the config's marketFactory).
	MarketCreated = "market:created"
	// BookChange comes on a market's topic when its limit orders changed
	// (placed, filled, cancelled): re-read get-order-book.
	BookChange = "market:book_change"
	// OrderChanged: a limit order of the user was placed, filled (in
	// part) or cancelled.
	OrderChanged = "user:order_changed"
)

// Names lists every event name, in the order above.
var Names = []string{
	Connected, Ping, Resync,
	PositionChanged, AssetChanged, NewNotification,
	NewTrades, PriceChange, InfoUpdate,
	OperationStatus, MarketCreated, BookChange, OrderChanged,
}

// Keys of an event's data object.
const (
	KeyConnectionID = "connection_id"
	KeyUID          = "uid"
	KeyMarket       = "market_address"
	KeyOption       = "option_address"
	KeyBaseToken    = "base_token_address"
	KeyOpHash       = "op_hash"
	KeyStatus       = "status"
	KeyReason       = "reason"
	KeyTxHash       = "tx_hash"
	KeyAction       = "action"
	KeyOrderID      = "order_id"
	// KeyOrderHash names a signed order (its EIP-712 hash) where
	// KeyOrderID names an escrowed one.
	KeyOrderHash = "order_hash"
)

// Statuses of OperationStatus: the operation's record status
// (docs/transactions.md), and accepted, which the record calls pending.
const (
	OpAccepted  = "accepted"
	OpSubmitted = "submitted"
	OpConfirmed = "confirmed"
	OpReverted  = "reverted"
	OpDropped   = "dropped"
)
