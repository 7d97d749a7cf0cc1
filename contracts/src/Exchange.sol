// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Market} from "./Market.sol";
import {MarketFactory} from "./MarketFactory.sol";
import {Owned} from "./Owned.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @notice The owner of a smart account (SimpleAccount's `owner()`).
interface IOwnedAccount {
    function owner() external view returns (address);
}

/// @title Exchange
/// @notice Settles orders that makers sign off chain (EIP-712) on the options of the factory's
/// markets. Nothing rests here: an order is a signed promise, kept by the service's book, and
/// this contract only checks and executes what the operator settles, so an order is placed and
/// cancelled for free and filled only on its own terms.
///
/// An order gives `makerAmount` of one asset for at least `takerAmount` of another: a BUY gives
/// base tokens (the market's collateral) for tokens of `option`, a SELL gives tokens of `option`
/// for base tokens. Its limit is the rate takerAmount / makerAmount: a fill that gives `given`
/// must receive `received` with received * makerAmount >= given * takerAmount, checked exactly in
/// integers, so no fill is ever worse than its limit. The order is filled up to `makerAmount` in
/// total, across any number of settlements, until `expiration` (0: none).
///
/// Signatures: the order is signed by `signer`. When `signer` is the maker, the maker is an
/// externally owned account (ECDSA) or a contract wallet (ERC-1271 `isValidSignature`); when
/// `signer` is another key, it must be the maker's owner (a SimpleAccount's `owner()`), which
/// signs with ECDSA. So a smart account's owner key and any ERC-1271 wallet both trade.
///
/// Settlement: only an operator settles. A match names one market and, for each order it
/// fills, what the order gives and receives (and the fee taken from what it receives); it may
/// mint complete sets from the base it collects (Market.mintSets: buys of every option whose
/// prices sum to at least 1) or merge them into base (Market.mergeSets: sells of every option
/// summing to at most 1). The contract pulls every `given` into itself, mints or merges, pays
/// every `received`, and requires that it ends holding exactly what it held before: nothing is
/// created, nothing left behind. How a price improvement is shared is the operator's policy (the
/// service gives it to the taker); the contract guarantees the limits and the conservation. A
/// pool fill trades one order against the market's pool (Market.buy or sell) within its limit;
/// no one else can trade an order against the pool, so no one can sandwich the fill.
/// `settle` runs many matches and pool fills in one transaction, each on its own: one that
/// fails (an order cancelled meanwhile, funds gone) is reported by an event and never sinks the
/// others.
///
/// Cancellation needs no one but the maker: `cancel` closes orders by their content, and
/// `incrementNonce` closes every order signed with the maker's current nonce. An operator can
/// fill neither.
///
/// Funds: makers approve this contract for their base and option tokens. It holds nothing
/// between calls.
contract Exchange is Owned, EIP712 {
    using SafeTransfer for address;

    /// @notice Side of an order: BUY gives base tokens for option tokens, SELL the reverse.
    uint8 public constant BUY = 0;
    uint8 public constant SELL = 1;
    /// @notice Basis-point denominator of fee rates.
    uint256 public constant BPS = 10_000;
    /// @notice The highest fee rate an order may allow (10 %).
    uint256 public constant MAX_FEE_BPS = 1_000;

    /// @notice EIP-712 type hash of Order (the signature is not part of it).
    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(address maker,address signer,address market,uint256 option,uint8 side,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 salt,uint256 nonce,uint256 feeRateBps)"
    );

    /// @notice An order as its maker signed it.
    struct Order {
        address maker; // holds the funds and receives the proceeds
        address signer; // the maker itself, or its owner key
        address market;
        uint256 option; // the option index in the market
        uint8 side; // BUY or SELL
        uint256 makerAmount; // given in total: base (BUY) or option tokens (SELL)
        uint256 takerAmount; // wanted in return for makerAmount: option tokens (BUY) or base (SELL)
        uint256 expiration; // Unix time from which it cannot be filled; 0: none
        uint256 salt; // makes equal terms distinct orders
        uint256 nonce; // the maker's nonce when signed; incrementNonce closes it
        uint256 feeRateBps; // the highest fee the maker accepts, on what it receives
        bytes signature;
    }

    /// @notice One order's part in a match.
    struct Fill {
        Order order;
        uint256 given; // of the order's maker asset
        uint256 received; // of its taker asset, before the fee
        uint256 fee; // taken from received, to the fee recipient
    }

    /// @notice Orders of one market settled together.
    struct Match {
        address market;
        Fill[] fills;
        uint256 minted; // complete sets minted from the base collected
        uint256 merged; // complete sets merged into base
    }

    /// @notice An order filled against the market's pool.
    struct PoolFill {
        Order order;
        uint256 given; // base spent (BUY) or tokens sold (SELL)
        uint256 minReceived; // the pool must return at least this
    }

    /// @notice What the exchange keeps of an order: given so far, and whether it is cancelled.
    struct OrderState {
        uint256 filled;
        bool cancelled;
    }

    // ---- errors ----

    /// @notice The caller is not an operator.
    error NotOperator(address caller);
    /// @notice The call is internal to settle.
    error OnlySelf();
    /// @notice `market` was not created by the factory.
    error UnknownMarket(address market);
    /// @notice The market no longer trades (an outcome is asserted, it ended, or endTime passed).
    error MarketClosed(address market);
    /// @notice An order of the match is for another market.
    error WrongMarket(address market, address expected);
    /// @notice The option index is not one of the market's.
    error InvalidOption(uint256 option);
    /// @notice The side is neither BUY nor SELL.
    error InvalidSide(uint8 side);
    /// @notice An amount that must be positive is zero.
    error ZeroAmount();
    /// @notice The signature is not the signer's, or the signer is not the maker's owner.
    error InvalidSignature(bytes32 orderHash);
    /// @notice The order's expiration has passed.
    error OrderExpired(bytes32 orderHash, uint256 expiration);
    /// @notice The maker cancelled the order.
    error OrderCancelled(bytes32 orderHash);
    /// @notice The maker raised its nonce past the order's.
    error InvalidNonce(bytes32 orderHash, uint256 nonce, uint256 current);
    /// @notice The fill would give more than the order has left.
    error Overfilled(bytes32 orderHash, uint256 filled, uint256 given, uint256 makerAmount);
    /// @notice The fill would be worse than the order's limit.
    error WorseThanLimit(bytes32 orderHash, uint256 given, uint256 received);
    /// @notice The fee is above what the order allows, or above MAX_FEE_BPS.
    error FeeTooHigh(bytes32 orderHash, uint256 fee);
    /// @notice The match does not balance: the exchange would end with more or less of `token`.
    error Unbalanced(address token, uint256 before, uint256 afterwards);
    /// @notice The caller is not the order's maker.
    error NotMaker(address caller, address maker);
    /// @notice The base token refused to let the market pull it.
    error ApproveFailed(address token, address market);

    // ---- events ----

    /// @notice Part of an order was filled: it gave `given` and received `received`, of which
    /// `fee` went to the fee recipient.
    event OrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed market,
        uint256 option,
        uint8 side,
        uint256 given,
        uint256 received,
        uint256 fee
    );
    /// @notice Match `index` of a settlement went through, minting or merging sets as it says.
    event MatchSettled(uint256 indexed index, address indexed market, uint256 minted, uint256 merged);
    /// @notice Match or pool fill `index` of a settlement failed with `reason`; nothing of it
    /// happened.
    event SettlementFailed(uint256 indexed index, bool pool, bytes reason);
    /// @notice The maker cancelled the order.
    event OrderCancelledByMaker(bytes32 indexed orderHash, address indexed maker);
    /// @notice The maker's nonce is now `nonce`: orders signed with a lower one are closed.
    event NonceIncremented(address indexed maker, uint256 nonce);
    event OperatorChanged(address indexed operator, bool allowed);
    event FeeRecipientChanged(address indexed recipient);

    // ---- storage ----

    /// @notice The factory whose markets trade here.
    MarketFactory public immutable factory;
    /// @notice Accounts that may settle.
    mapping(address => bool) public operators;
    /// @notice Where fees go.
    address public feeRecipient;
    /// @notice Each maker's current nonce.
    mapping(address => uint256) public nonces;
    mapping(bytes32 => OrderState) private _orders;

    constructor(MarketFactory factory_, address owner_, address operator_)
        Owned(owner_)
        EIP712("predict", "1")
    {
        factory = factory_;
        feeRecipient = owner_;
        if (operator_ != address(0)) {
            operators[operator_] = true;
            emit OperatorChanged(operator_, true);
        }
    }

    modifier onlyOperator() {
        if (!operators[msg.sender]) revert NotOperator(msg.sender);
        _;
    }

    // ---- owner ----

    /// @notice Allows or removes an operator. Owner only.
    function setOperator(address operator, bool allowed) external onlyOwner {
        operators[operator] = allowed;
        emit OperatorChanged(operator, allowed);
    }

    /// @notice Sets where fees go. Owner only.
    function setFeeRecipient(address recipient) external onlyOwner {
        if (recipient == address(0)) revert ZeroAddress();
        feeRecipient = recipient;
        emit FeeRecipientChanged(recipient);
    }

    // ---- makers ----

    /// @notice Cancels orders of the caller: none of them can be filled from now on.
    function cancel(Order[] calldata orders) external {
        for (uint256 i; i < orders.length; ++i) {
            if (orders[i].maker != msg.sender) revert NotMaker(msg.sender, orders[i].maker);
            bytes32 h = hashOrder(orders[i]);
            _orders[h].cancelled = true;
            emit OrderCancelledByMaker(h, msg.sender);
        }
    }

    /// @notice Closes every order the caller signed with its current nonce.
    function incrementNonce() external {
        uint256 n = ++nonces[msg.sender];
        emit NonceIncremented(msg.sender, n);
    }

    // ---- views ----

    /// @notice The EIP-712 hash of `order`, which its signer signs.
    function hashOrder(Order calldata order) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    ORDER_TYPEHASH,
                    order.maker,
                    order.signer,
                    order.market,
                    order.option,
                    order.side,
                    order.makerAmount,
                    order.takerAmount,
                    order.expiration,
                    order.salt,
                    order.nonce,
                    order.feeRateBps
                )
            )
        );
    }

    /// @notice What the exchange keeps of an order: given so far, and whether it is cancelled.
    function orderState(bytes32 orderHash) external view returns (OrderState memory) {
        return _orders[orderHash];
    }

    /// @notice The EIP-712 domain separator.
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---- settlement ----

    /// @notice Runs `matches`, then `poolFills`, each on its own: one that fails emits
    /// SettlementFailed and changes nothing, the others go through. Operator only.
    /// @return ok Whether each match, then each pool fill, went through.
    function settle(Match[] calldata matches, PoolFill[] calldata poolFills)
        external
        onlyOperator
        returns (bool[] memory ok)
    {
        ok = new bool[](matches.length + poolFills.length);
        for (uint256 i; i < matches.length; ++i) {
            try this.executeMatch(matches[i]) {
                ok[i] = true;
                emit MatchSettled(i, matches[i].market, matches[i].minted, matches[i].merged);
            } catch (bytes memory reason) {
                emit SettlementFailed(i, false, reason);
            }
        }
        for (uint256 i; i < poolFills.length; ++i) {
            try this.executePoolFill(poolFills[i]) {
                ok[matches.length + i] = true;
            } catch (bytes memory reason) {
                emit SettlementFailed(i, true, reason);
            }
        }
    }

    /// @notice One match of settle; the exchange calls it on itself.
    function executeMatch(Match calldata m) external {
        if (msg.sender != address(this)) revert OnlySelf();
        address[] memory options = _tradableOptions(m.market);
        address base = Market(m.market).baseToken();
        uint256 n = options.length;
        uint256[] memory before = new uint256[](n + 1);
        before[n] = IERC20(base).balanceOf(address(this));
        for (uint256 k; k < n; ++k) {
            before[k] = IERC20(options[k]).balanceOf(address(this));
        }
        for (uint256 i; i < m.fills.length; ++i) {
            Fill calldata f = m.fills[i];
            if (f.order.market != m.market) revert WrongMarket(f.order.market, m.market);
            _take(f.order, f.given, f.received, f.fee, n);
            (address gives,) = _assets(f.order, base, options);
            gives.safeTransferFrom(f.order.maker, address(this), f.given);
        }
        if (m.minted != 0) {
            _approve(base, m.market, m.minted);
            Market(m.market).mintSets(m.minted);
        }
        if (m.merged != 0) Market(m.market).mergeSets(m.merged);
        for (uint256 i; i < m.fills.length; ++i) {
            Fill calldata f = m.fills[i];
            (, address gets) = _assets(f.order, base, options);
            gets.safeTransfer(f.order.maker, f.received - f.fee);
            if (f.fee != 0) gets.safeTransfer(feeRecipient, f.fee);
        }
        _balanced(base, before[n]);
        for (uint256 k; k < n; ++k) {
            _balanced(options[k], before[k]);
        }
    }

    /// @notice One pool fill of settle; the exchange calls it on itself.
    function executePoolFill(PoolFill calldata p) external {
        if (msg.sender != address(this)) revert OnlySelf();
        Order calldata o = p.order;
        address[] memory options = _tradableOptions(o.market);
        address base = Market(o.market).baseToken();
        bytes32 h = _check(o, p.given, options.length);
        (address gives, address gets) = _assets(o, base, options);
        gives.safeTransferFrom(o.maker, address(this), p.given);
        uint256 received;
        if (o.side == BUY) {
            _approve(base, o.market, p.given);
            received = Market(o.market).buy(o.option, p.given, p.minReceived, block.timestamp);
        } else {
            received = Market(o.market).sell(o.option, p.given, p.minReceived, block.timestamp);
        }
        if (received * o.makerAmount < p.given * o.takerAmount) revert WorseThanLimit(h, p.given, received);
        _orders[h].filled += p.given;
        gets.safeTransfer(o.maker, received);
        emit OrderFilled(h, o.maker, o.market, o.option, o.side, p.given, received, 0);
    }

    // ---- internals ----

    /// @notice Checks a fill of `order` (signature, state, limit, fee) and records it.
    function _take(Order calldata order, uint256 given, uint256 received, uint256 fee, uint256 n) private {
        bytes32 h = _check(order, given, n);
        if (received * order.makerAmount < given * order.takerAmount) revert WorseThanLimit(h, given, received);
        if (fee * BPS > received * order.feeRateBps || order.feeRateBps > MAX_FEE_BPS) revert FeeTooHigh(h, fee);
        _orders[h].filled += given;
        emit OrderFilled(h, order.maker, order.market, order.option, order.side, given, received, fee);
    }

    /// @notice Checks that `order` may give `given` more now, and returns its hash.
    function _check(Order calldata order, uint256 given, uint256 n) private view returns (bytes32 h) {
        if (order.option >= n) revert InvalidOption(order.option);
        if (order.side > SELL) revert InvalidSide(order.side);
        if (given == 0 || order.makerAmount == 0 || order.takerAmount == 0) revert ZeroAmount();
        h = hashOrder(order);
        if (order.expiration != 0 && block.timestamp >= order.expiration) revert OrderExpired(h, order.expiration);
        OrderState storage st = _orders[h];
        if (st.cancelled) revert OrderCancelled(h);
        if (order.nonce != nonces[order.maker]) revert InvalidNonce(h, order.nonce, nonces[order.maker]);
        if (st.filled + given > order.makerAmount) revert Overfilled(h, st.filled, given, order.makerAmount);
        if (!_signedBy(order, h)) revert InvalidSignature(h);
    }

    /// @notice Whether the order's signature is valid: by the maker itself (ECDSA for an
    /// account without code, ERC-1271 for a contract), or by the maker's owner key.
    function _signedBy(Order calldata order, bytes32 h) private view returns (bool) {
        if (order.signer == order.maker) {
            return SignatureChecker.isValidSignatureNow(order.maker, h, order.signature);
        }
        (address recovered, ECDSA.RecoverError err) = ECDSA.tryRecover(h, order.signature);
        if (err != ECDSA.RecoverError.NoError || recovered != order.signer) return false;
        if (order.maker.code.length == 0) return false;
        try IOwnedAccount(order.maker).owner() returns (address owner_) {
            return owner_ == order.signer;
        } catch {
            return false;
        }
    }

    /// @notice The options of a factory market that still trades.
    function _tradableOptions(address market) private view returns (address[] memory) {
        if (!factory.isMarket(market)) revert UnknownMarket(market);
        Market m = Market(market);
        if (m.state() != m.RUNNING() || block.timestamp >= m.endTime()) revert MarketClosed(market);
        return m.options();
    }

    /// @notice The tokens an order gives and gets.
    function _assets(Order calldata order, address base, address[] memory options)
        private
        pure
        returns (address gives, address gets)
    {
        if (order.side == BUY) return (base, options[order.option]);
        return (options[order.option], base);
    }

    /// @notice Lets `market` pull exactly `amount` of the allow-listed base token.
    function _approve(address token, address market, uint256 amount) private {
        if (!IERC20(token).approve(market, amount)) revert ApproveFailed(token, market);
    }

    /// @notice Reverts unless the exchange holds exactly `before` of `token`.
    function _balanced(address token, uint256 before) private view {
        uint256 afterwards = IERC20(token).balanceOf(address(this));
        if (afterwards != before) revert Unbalanced(token, before, afterwards);
    }
}
