// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Market} from "./Market.sol";
import {MarketFactory} from "./MarketFactory.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title LimitOrders
/// @notice Escrow of resting limit orders on the options of the factory's markets. An order
/// holds its funds here under its own terms, so whoever fills it (the service's operator, in
/// practice anyone) can only fill it at its limit price or better, and its owner can take the
/// funds back at any time without the service.
///
/// Terms: a buy order escrows `amount` base tokens (the market's collateral) and buys option
/// tokens at an average price of at most `limitPrice`; a sell order escrows `amount` option
/// tokens and sells them at an average price of at least `limitPrice`. Prices are 18-decimal
/// fixed point: 1e18 is one base token per option token. An order's `remaining` is its unspent
/// escrow (base for a buy, option tokens for a sell); it is closed when `remaining` is 0.
///
/// Fills:
/// - fillFromPool trades part of the escrow against the market's pool (Market.buy/sell) and
///   checks the average price of that trade against the limit exactly, in integers
///   (buy: spent * 1e18 <= limit * received; sell: received * 1e18 >= limit * sold).
/// - matchOrders crosses a buy and a sell order of the same option at the price of the resting
///   (earlier-placed, lower id) order. The base paid for `quantity` option tokens is
///   quantity * price / 1e18 rounded in the resting order's favour (down when the buyer rests,
///   up when the seller rests); the taker's own limit is then checked exactly, so a cross at
///   equal prices whose cost is not a whole number of base units reverts instead of taking a
///   fraction of a unit from either side. Price improvement goes to the taker: a taking seller
///   receives the higher price in base; a taking buyer pays less, and what it saves stays in
///   its escrow (remaining), to buy more at up to its limit or to be refunded on cancel.
/// Post-only orders only ever rest: they cannot be filled from the pool (that takes liquidity
/// from the pool) nor be the taker of a match.
///
/// No fill after expiry or once the market stops trading; an expired order may be cancelled by
/// anyone (the refund always goes to its owner). Proceeds go straight to the owner. The contract
/// holds exactly the sum of the open orders' remainders of every token (tokens sent to it
/// directly aside): the pool pulls exactly the approved amount and burns exactly the tokens sold.
///
/// Reentrancy: markets come from the factory, their base tokens are allow-listed and the option
/// tokens are this system's own; every state-changing entry point is locked anyway and updates
/// the order before any external call that moves tokens.
contract LimitOrders {
    using SafeTransfer for address;

    /// @notice Fixed-point unit of prices.
    uint256 public constant ONE = 1e18;

    uint256 private constant MAX_AMOUNT = type(uint128).max;
    uint8 private constant RUNNING = 0;
    uint8 private constant UNLOCKED = 1;
    uint8 private constant LOCKED = 2;

    /// @notice One order; three storage slots.
    struct Order {
        address owner;
        uint64 expiry; // no fill from this Unix time on
        uint8 optionIndex;
        bool isBuy;
        bool postOnly;
        address market;
        uint64 limitPrice; // below ONE, so it fits
        uint256 remaining; // base (buy) or option tokens (sell) still escrowed
    }

    // ---- errors ----

    /// @notice An amount argument is zero.
    error ZeroAmount();
    /// @notice The amount exceeds 2^128-1 (more than any market can trade).
    error Overflow();
    /// @notice The limit price is 0 or not below 1e18.
    error InvalidPrice(uint256 limitPrice);
    /// @notice The expiry is not after the block time.
    error InvalidExpiry(uint256 expiry, uint256 timestamp);
    /// @notice `market` was not created by the factory.
    error UnknownMarket(address market);
    /// @notice `market` no longer trades (an outcome is asserted, it ended, or endTime passed).
    error MarketClosed(address market);
    /// @notice `index` is not an option of the market (`count` options).
    error InvalidOption(uint256 index, uint256 count);
    /// @notice No order has id `orderId`.
    error UnknownOrder(uint256 orderId);
    /// @notice The order is filled or cancelled.
    error OrderClosed(uint256 orderId);
    /// @notice The order expired at `expiry`: it can only be cancelled.
    error OrderExpired(uint256 orderId, uint256 expiry);
    /// @notice Only the owner may cancel an order before it expires.
    error NotOrderOwner(uint256 orderId, address caller);
    /// @notice The post-only order would take liquidity.
    error PostOnly(uint256 orderId);
    /// @notice The fill needs `amount` of the order's escrow; only `remaining` is left.
    error Overfill(uint256 orderId, uint256 amount, uint256 remaining);
    /// @notice The order would give `amountIn` for `amountOut`, worse than its `limitPrice`.
    error WorseThanLimit(uint256 orderId, uint256 amountIn, uint256 amountOut, uint256 limitPrice);
    /// @notice The orders are not a buy and a sell of the same market and option.
    error NotMatchable(uint256 buyId, uint256 sellId);
    /// @notice The buy limit is below the sell limit.
    error NotCrossing(uint256 buyId, uint256 sellId);
    /// @notice Both orders belong to the same owner.
    error SelfMatch(uint256 buyId, uint256 sellId);
    /// @notice The base token refused the approval of the pool.
    error ApproveFailed(address token);
    /// @notice A state-changing function was re-entered.
    error Reentrancy();

    // ---- events ----

    /// @notice `owner` placed order `orderId` with these terms and escrowed `amount` (base for
    /// a buy, option tokens for a sell).
    event OrderPlaced(
        uint256 indexed orderId,
        address indexed owner,
        address indexed market,
        uint256 optionIndex,
        bool isBuy,
        uint256 limitPrice,
        uint256 amount,
        uint256 expiry,
        bool postOnly
    );
    /// @notice Order `orderId` was cancelled by `by` (its owner, or anyone after expiry) and
    /// `refunded` went back to `owner`.
    event OrderCancelled(uint256 indexed orderId, address indexed owner, address indexed by, uint256 refunded);
    /// @notice Order `orderId` of `owner` gave `amountIn` of its escrow and `owner` received
    /// `amountOut` (option tokens for a buy, base for a sell); `remaining` is left. The
    /// counterparty is the market's pool (`counterparty` = the market, `counterOrderId` 0) or
    /// the owner of order `counterOrderId`.
    event OrderFilled(
        uint256 indexed orderId,
        address indexed owner,
        address indexed counterparty,
        uint256 counterOrderId,
        uint256 amountIn,
        uint256 amountOut,
        uint256 remaining
    );

    // ---- storage ----

    /// @notice The factory whose markets orders may trade.
    MarketFactory public immutable factory;
    /// @notice The factory's OptionToken implementation (option token addresses derive from it).
    address public immutable optionImplementation;
    /// @notice Number of orders placed; ids run from 1 to orderCount.
    uint64 public orderCount;
    uint8 private _lock = UNLOCKED;
    /// @notice Orders by id (closed orders keep their terms with remaining 0).
    mapping(uint256 => Order) public orders;

    modifier nonReentrant() {
        if (_lock != UNLOCKED) revert Reentrancy();
        _lock = LOCKED;
        _;
        _lock = UNLOCKED;
    }

    /// @param factory_ The MarketFactory whose markets orders trade.
    constructor(MarketFactory factory_) {
        factory = factory_;
        optionImplementation = factory_.optionImplementation();
    }

    // ---- owners ----

    /// @notice Places an order and escrows its funds, pulled from the caller with transferFrom
    /// (approve this contract first: the market's base token for a buy, the option token for a
    /// sell).
    /// @param market A running market of the factory.
    /// @param optionIndex The option traded.
    /// @param isBuy True to buy option tokens with base, false to sell option tokens for base.
    /// @param limitPrice Worst average price, 18 decimals, in (0, 1e18).
    /// @param amount Base to spend (buy) or option tokens to sell (sell), at most 2^128-1.
    /// @param expiry Unix time from which the order can no longer be filled; after the block time.
    /// @param postOnly True if the order may only rest (see the contract notes).
    /// @return orderId The new order's id.
    function place(
        address market,
        uint256 optionIndex,
        bool isBuy,
        uint256 limitPrice,
        uint256 amount,
        uint64 expiry,
        bool postOnly
    ) external nonReentrant returns (uint256 orderId) {
        if (amount == 0) revert ZeroAmount();
        if (amount > MAX_AMOUNT) revert Overflow();
        if (limitPrice == 0 || limitPrice >= ONE) revert InvalidPrice(limitPrice);
        if (expiry <= block.timestamp) revert InvalidExpiry(expiry, block.timestamp);
        if (!factory.isMarket(market)) revert UnknownMarket(market);
        _checkOpen(market);
        uint256 n = Market(market).optionCount();
        if (optionIndex >= n) revert InvalidOption(optionIndex, n);

        orderId = ++orderCount;
        orders[orderId] = Order({
            owner: msg.sender,
            expiry: expiry,
            optionIndex: uint8(optionIndex),
            isBuy: isBuy,
            postOnly: postOnly,
            market: market,
            limitPrice: uint64(limitPrice),
            remaining: amount
        });
        emit OrderPlaced(orderId, msg.sender, market, optionIndex, isBuy, limitPrice, amount, expiry, postOnly);
        address token = isBuy ? Market(market).baseToken() : _optionToken(market, optionIndex);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Cancels an open order and refunds its remaining escrow to its owner. The owner
    /// may cancel at any time, anyone else once the order has expired.
    function cancel(uint256 orderId) external nonReentrant {
        Order storage o = _order(orderId);
        if (o.remaining == 0) revert OrderClosed(orderId);
        _cancel(o, orderId);
    }

    /// @notice cancel for each of `orderIds`, skipping those already closed (a fill may close
    /// an order between signing and mining); reverts as cancel for an unknown id or an order
    /// the caller may not cancel.
    /// @return cancelled Number of orders cancelled.
    function cancelMany(uint256[] calldata orderIds) external nonReentrant returns (uint256 cancelled) {
        uint256 len = orderIds.length;
        for (uint256 k; k < len; ++k) {
            Order storage o = _order(orderIds[k]);
            if (o.remaining != 0) {
                _cancel(o, orderIds[k]);
                ++cancelled;
            }
        }
    }

    // ---- fills (anyone) ----

    /// @notice Spends `spend` of the order's escrow in the market's pool: a buy order buys
    /// option tokens with `spend` base, a sell order sells `spend` option tokens. Reverts unless
    /// at least `minOut` comes out and the average price is within the order's limit.
    /// The proceeds go to the order's owner.
    /// @return out Option tokens (buy) or base (sell) paid to the owner.
    function fillFromPool(uint256 orderId, uint256 spend, uint256 minOut)
        external
        nonReentrant
        returns (uint256 out)
    {
        Order storage o = _order(orderId);
        uint256 left = _fillable(o, orderId, spend) - spend;
        if (o.postOnly) revert PostOnly(orderId);
        o.remaining = left;
        bool isBuy = o.isBuy;
        address market = o.market;
        uint256 option = o.optionIndex;
        if (isBuy) {
            // Exactly `spend`: the pool pulls all of it, so no allowance is left behind.
            _approve(Market(market).baseToken(), market, spend);
            out = Market(market).buy(option, spend, minOut, block.timestamp);
        } else {
            out = Market(market).sell(option, spend, minOut, block.timestamp);
        }
        _checkPoolPrice(o, orderId, spend, out);
        address owner = o.owner;
        emit OrderFilled(orderId, owner, market, 0, spend, out, left);
        address token = isBuy ? _optionToken(market, option) : Market(market).baseToken();
        token.safeTransfer(owner, out);
    }

    /// @notice Crosses buy order `buyId` with sell order `sellId` for `quantity` option tokens at
    /// the resting order's price (see the contract notes for the rounding and the improvement).
    /// The option tokens go from the sell escrow to the buyer, the base from the buy escrow to
    /// the seller.
    /// @return cost Base paid by the buy order.
    function matchOrders(uint256 buyId, uint256 sellId, uint256 quantity)
        external
        nonReentrant
        returns (uint256 cost)
    {
        Order storage b = _order(buyId);
        Order storage s = _order(sellId);
        _checkPair(b, s, buyId, sellId);
        uint256 sellLeft = _fillable(s, sellId, quantity) - quantity;
        // The buy side's amount is the cost, known only below: 1 checks that it is open and live.
        uint256 buyRem = _fillable(b, buyId, 1);
        bool buyerRests = buyId < sellId;
        if (buyerRests ? s.postOnly : b.postOnly) revert PostOnly(buyerRests ? sellId : buyId);
        _checkOpen(b.market);
        cost = _matchCost(b.limitPrice, s.limitPrice, quantity, buyerRests, buyId, sellId);
        if (cost > buyRem) revert Overfill(buyId, cost, buyRem);
        b.remaining = buyRem - cost;
        s.remaining = sellLeft;
        _settleMatch(b, s, buyId, sellId, quantity, cost);
    }

    // ---- views ----

    /// @notice The token an order escrows: its market's base token for a buy, the option token
    /// for a sell.
    function escrowToken(uint256 orderId) external view returns (address) {
        Order storage o = _order(orderId);
        return _escrowToken(o);
    }

    // ---- internals ----

    function _order(uint256 orderId) private view returns (Order storage o) {
        o = orders[orderId];
        if (o.owner == address(0)) revert UnknownOrder(orderId);
    }

    /// @dev The order's remaining escrow, if `amount` of it may be filled now.
    function _fillable(Order storage o, uint256 orderId, uint256 amount) private view returns (uint256 rem) {
        rem = o.remaining;
        if (rem == 0) revert OrderClosed(orderId);
        uint256 expiry = o.expiry;
        if (block.timestamp >= expiry) revert OrderExpired(orderId, expiry);
        if (amount == 0) revert ZeroAmount();
        if (amount > rem) revert Overfill(orderId, amount, rem);
    }

    /// @dev The average price of a pool fill of `spent` escrow for `got` is within the limit.
    function _checkPoolPrice(Order storage o, uint256 orderId, uint256 spent, uint256 got) private view {
        uint256 limit = o.limitPrice;
        if (o.isBuy ? spent * ONE > limit * got : got * ONE < limit * spent) {
            revert WorseThanLimit(orderId, spent, got, limit);
        }
    }

    function _checkPair(Order storage b, Order storage s, uint256 buyId, uint256 sellId) private view {
        if (!b.isBuy || s.isBuy || b.market != s.market || b.optionIndex != s.optionIndex) {
            revert NotMatchable(buyId, sellId);
        }
        if (b.owner == s.owner) revert SelfMatch(buyId, sellId);
        if (b.limitPrice < s.limitPrice) revert NotCrossing(buyId, sellId);
    }

    /// @dev Base for `quantity` at the resting order's limit, rounded in its favour; the taker's
    /// limit is then checked exactly.
    function _matchCost(uint256 bl, uint256 sl, uint256 quantity, bool buyerRests, uint256 buyId, uint256 sellId)
        private
        pure
        returns (uint256 cost)
    {
        if (buyerRests) {
            cost = quantity * bl / ONE;
            if (cost * ONE < quantity * sl) revert WorseThanLimit(sellId, quantity, cost, sl);
        } else {
            cost = (quantity * sl + ONE - 1) / ONE;
            if (cost * ONE > quantity * bl) revert WorseThanLimit(buyId, cost, quantity, bl);
        }
    }

    function _settleMatch(
        Order storage b,
        Order storage s,
        uint256 buyId,
        uint256 sellId,
        uint256 quantity,
        uint256 cost
    ) private {
        address buyer = b.owner;
        address seller = s.owner;
        address market = b.market;
        emit OrderFilled(buyId, buyer, seller, sellId, cost, quantity, b.remaining);
        emit OrderFilled(sellId, seller, buyer, buyId, quantity, cost, s.remaining);
        _optionToken(market, b.optionIndex).safeTransfer(buyer, quantity);
        Market(market).baseToken().safeTransfer(seller, cost);
    }

    function _cancel(Order storage o, uint256 orderId) private {
        address owner = o.owner;
        if (msg.sender != owner && block.timestamp < o.expiry) revert NotOrderOwner(orderId, msg.sender);
        uint256 rem = o.remaining;
        o.remaining = 0;
        emit OrderCancelled(orderId, owner, msg.sender, rem);
        _escrowToken(o).safeTransfer(owner, rem);
    }

    /// @dev Market._checkOpen without the deadline: trading needs a running market before its
    /// endTime.
    function _checkOpen(address market) private view {
        if (Market(market).state() != RUNNING || block.timestamp >= Market(market).endTime()) {
            revert MarketClosed(market);
        }
    }

    function _escrowToken(Order storage o) private view returns (address) {
        return o.isBuy ? Market(o.market).baseToken() : _optionToken(o.market, o.optionIndex);
    }

    /// @dev MarketFactory.predictOption, computed here instead of asking the market for all of
    /// its options.
    function _optionToken(address market, uint256 index) private view returns (address) {
        return Clones.predictDeterministicAddress(
            optionImplementation, keccak256(abi.encode(market, index)), address(factory)
        );
    }

    /// @dev Accepts tokens that return true or nothing, like SafeTransfer.
    function _approve(address token, address spender, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(IERC20.approve.selector, spender, amount));
        if (!ok || (data.length != 0 && (data.length != 32 || abi.decode(data, (uint256)) != 1))) {
            revert ApproveFailed(token);
        }
    }
}
