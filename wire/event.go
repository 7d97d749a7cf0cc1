package wire

import "github.com/predict-dev/predict/event"

// Event names of the event stream (docs/events.md): package
// event's, under the names the Go client has always used.
const (
	EventConnected       = event.Connected
	EventPing            = event.Ping
	EventResync          = event.Resync
	EventPositionChanged = event.PositionChanged
	EventAssetChanged    = event.AssetChanged
	EventNewNotification = event.NewNotification
	EventNewTrades       = event.NewTrades
	EventPriceChange     = event.PriceChange
	EventInfoUpdate      = event.InfoUpdate
	EventOperationStatus = event.OperationStatus
	EventMarketCreated   = event.MarketCreated
	EventBookChange      = event.BookChange
	EventOrderChanged    = event.OrderChanged
)

// EventNames lists every event name (event.Names).
var EventNames = event.Names

// Keys of an event's data object.
const (
	KeyConnectionID = event.KeyConnectionID
	KeyUID          = event.KeyUID
	KeyMarket       = event.KeyMarket
	KeyOption       = event.KeyOption
	KeyBaseToken    = event.KeyBaseToken
	KeyOpHash       = event.KeyOpHash
	KeyStatus       = event.KeyStatus
	KeyReason       = event.KeyReason
	KeyTxHash       = event.KeyTxHash
	KeyAction       = event.KeyAction
	KeyOrderID      = event.KeyOrderID
)
