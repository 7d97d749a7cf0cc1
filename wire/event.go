package wire

// Event names of the event stream (SPEC.md, docs/events.md). base: events
// belong to one connection; user: events reach every connection of a
// user; market: events reach the connections subscribed to the market's
// topic.
const (
	EventConnected       = "base:connected"
	EventPing            = "base:ping"
	EventResync          = "base:resync" // refetch what you show: the missed events cannot all be replayed
	EventPositionChanged = "user:position_changed"
	EventAssetChanged    = "user:asset_changed"
	EventNewNotification = "user:new_notification"
	EventNewTrades       = "market:new_trades"
	EventPriceChange     = "market:price_change"
	EventInfoUpdate      = "market:info_update"
	// EventOperationStatus: an operation of the user moved (accepted,
	// submitted, confirmed, reverted, dropped); fields op_hash, status,
	// reason, tx_hash, market_address, action.
	EventOperationStatus = "user:operation_status"
	// EventMarketCreated comes on the market factory's topic (the
	// market: topic of the config's marketFactory).
	EventMarketCreated = "market:created"
	// EventBookChange comes on a market's topic when its limit orders
	// changed (placed, filled, cancelled): re-read get-order-book.
	EventBookChange = "market:book_change"
	// EventOrderChanged: a limit order of the user was placed, filled
	// (in part) or cancelled.
	EventOrderChanged = "user:order_changed"
)

// EventNames lists every event name, in the order above.
var EventNames = []string{
	EventConnected, EventPing, EventResync,
	EventPositionChanged, EventAssetChanged, EventNewNotification,
	EventNewTrades, EventPriceChange, EventInfoUpdate,
	EventOperationStatus, EventMarketCreated, EventBookChange, EventOrderChanged,
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
)
