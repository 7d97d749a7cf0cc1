// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ERC20Base} from "./ERC20Base.sol";
import {OptionToken} from "./OptionToken.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @notice The roles and addresses a Market asks of its factory.
interface IMarketRoles {
    /// @notice True if `account` holds the admin or the resolver role.
    function canSettle(address account) external view returns (bool);
    /// @notice The account that decides disputed assertions (zero: none configured yet).
    function arbitrator() external view returns (address);
    /// @notice The recipient of the dispute fee.
    function treasury() external view returns (address);
    /// @notice True for an escrow holding tokens that belong to others (the limit-order escrow):
    /// paying it on their behalf would strand their money, so claimFor and redeemFor refuse it.
    function isCustodian(address account) external view returns (bool);
}

/// @title Market
/// @notice An N-outcome fixed-product market maker (the Gnosis conditional-tokens FPMM model,
/// generalised to N options, without conditional tokens): one base token splits into one token
/// of every option ("complete set") and a complete set merges back into one base token. The pool
/// holds option tokens with balances b_0..b_{N-1}; trades keep the product of the balances from
/// decreasing. The market's own ERC-20 is the LP token.
///
/// Price of option i = prod_{j!=i} b_j / sum_k prod_{j!=k} b_j; the prices sum to 1.
///
/// Rounding: every rounding favours the pool (and so the LP holders): fees round up, the ending
/// balance of the traded option rounds up, LP minted and shares removed round down, the pool's
/// part of added liquidity rounds up. Fees accrue to LP holders pro rata (Gnosis feePoolWeight /
/// withdrawnFees accounting; LP transfers move the withdrawn-fees entitlement with the shares).
///
/// Deployed as an EIP-1167 clone by MarketFactory and initialised once in the creating
/// transaction. Pool balances are kept in storage (not read from the option tokens, so a donation
/// cannot move prices) as uint128 values, two per slot: amounts above 2^128-1 revert with
/// Overflow.
///
/// Resolution: with a challenge window of 0 (the default) settle() ends the market at once, as
/// it always did. With a window > 0 an admin or resolver asserts an outcome (an option or VOID)
/// and posts a bond in the base token; anyone may dispute within the window by matching the
/// bond; a disputed market waits for the factory's arbitrator, who decides the outcome and moves
/// the wrong side's bond (minus the dispute fee, to the treasury) to the right side; an
/// undisputed assertion is finalized by anyone after the window. States:
///   Running -> Settling (assertOutcome) -> Disputed (dispute) -> Ended (arbitrate)
///   Running -> Settling -> Ended (finalize, after the window)
///   Running -> Ended (settle or assertOutcome, window 0)
/// No settlement and no assertion before endTime unless the market was created
/// EARLY_RESOLVABLE (its outcome may be known before its end), so that no key can end a market
/// while its question is still open. A market without a window is resolved by one key alone: the
/// factory creates it only when told so (OPERATOR_RESOLVED), and a market with a window only
/// with an arbitrator for its disputes. Both are in `flags`, for every holder to read.
/// Once the market has ended anyone may pay a holder (claimFor) or an LP (redeemFor): the money
/// goes to them, never to the caller, so winnings arrive without their action.
/// Trading and adding liquidity stop at the assertion; removing liquidity stays open until the
/// market ends (it only turns a pool share into the same share of complete sets and leftover
/// tokens, which resolve like any other tokens). A VOID market pays 1/N base token per option
/// token (claimVoid) and LP shares redeem what the pool holds, valued the same way.
///
/// Reentrancy: the base token is fixed per market and allow-listed by the factory owner, and the
/// option tokens are this system's own contracts, so no external call can re-enter with a
/// malicious token. The code still follows checks-effects-interactions and every state-changing
/// entry point carries a reentrancy lock.
contract Market is ERC20Base {
    using SafeTransfer for address;

    /// @notice Fixed-point unit of the pool math and of prices().
    uint256 public constant ONE = 1e18;
    /// @notice Basis-point denominator of feeBps.
    uint256 public constant BPS = 10_000;
    /// @notice Maximum number of options of a market.
    uint256 public constant MAX_OPTIONS = 16;

    uint256 private constant MAX_AMOUNT = type(uint128).max;
    uint256 private constant NEWTON_ROUNDS = 64;
    uint8 private constant UNLOCKED = 1;
    uint8 private constant LOCKED = 2;

    /// @notice The outcome that voids the market (no option wins; every option pays 1/N).
    uint256 public constant VOID = type(uint256).max;
    /// @notice How long the arbitrator has to decide a dispute; after it the market ends VOID
    /// (finalize), so no market waits forever for an arbitrator who never answers.
    uint256 public constant ARBITRATION_PERIOD = 30 days;
    /// @notice state: trading open, no outcome asserted.
    uint8 public constant RUNNING = 0;
    /// @notice state: an outcome is asserted and may be disputed until challengeEnd.
    uint8 public constant SETTLING = 1;
    /// @notice state: the assertion is disputed; the arbitrator decides.
    uint8 public constant DISPUTED = 2;
    /// @notice state: the market has ended (claims and LP redemption open).
    uint8 public constant ENDED = 3;
    /// @notice flag: resolved by an admin or resolver alone, at once (no challenge window).
    uint8 public constant OPERATOR_RESOLVED = 1;
    /// @notice flag: may be settled or asserted before endTime.
    uint8 public constant EARLY_RESOLVABLE = 2;

    /// @notice How a market resolves; set once at creation by the factory.
    struct Resolution {
        uint64 challengeWindow;
        uint256 bond;
        uint16 disputeFeeBps;
        uint8 flags;
    }

    // ---- errors ----

    /// @notice initialize was called twice (or on the implementation).
    error AlreadyInitialized();
    /// @notice The option count is outside 2..MAX_OPTIONS.
    error InvalidOptionCount(uint256 count);
    /// @notice `index` is not an option of this market (`count` options).
    error InvalidOption(uint256 index, uint256 count);
    /// @notice An amount argument is zero.
    error ZeroAmount();
    /// @notice The operation would produce nothing (no tokens bought, no LP minted).
    error ZeroOutput();
    /// @notice The transaction was mined after its deadline.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    /// @notice Trading and adding liquidity stop at endTime.
    error MarketEnded(uint256 endTime, uint256 timestamp);
    /// @notice The market is settled: no trading, no liquidity added or removed (redeem instead).
    error MarketSettled();
    /// @notice The market is not settled yet (claim, redeemLiquidity, winningIndex).
    error NotSettled();
    /// @notice The caller holds neither the resolver nor the admin role on the factory.
    error NotResolver(address caller);
    /// @notice The output `amountOut` is below the caller's minimum `minAmountOut` (slippage).
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    /// @notice The pool holds no liquidity (every LP share was removed).
    error PoolEmpty();
    /// @notice An amount or a pool balance would exceed 2^128-1.
    error Overflow();
    /// @notice A state-changing function was re-entered.
    error Reentrancy();
    /// @notice settle() is only for markets with a challenge window of 0: use assertOutcome.
    error ChallengeWindowRequired(uint256 challengeWindow);
    /// @notice An outcome was already asserted (the market is settling or disputed).
    error AlreadyAsserted();
    /// @notice The market is settling or disputed: trading and adding liquidity have stopped.
    error ResolutionPending();
    /// @notice No outcome is asserted (dispute or finalize on a running market).
    error NotAsserted();
    /// @notice The assertion was already disputed (a second dispute, or finalize while the
    /// arbitrator has not decided).
    error AlreadyDisputed();
    /// @notice The challenge window closed at `challengeEnd` (dispute too late).
    error ChallengeWindowClosed(uint256 challengeEnd, uint256 timestamp);
    /// @notice The challenge window is open until `challengeEnd` (finalize too early).
    error ChallengeWindowOpen(uint256 challengeEnd, uint256 timestamp);
    /// @notice arbitrate on a market whose assertion is not disputed.
    error NotDisputed();
    /// @notice The caller is not the factory's arbitrator.
    error NotArbitrator(address caller);
    /// @notice The arbitration period of the dispute is over: finalize ends the market VOID.
    error ArbitrationExpired(uint256 arbitrationEnd, uint256 timestamp);
    /// @notice The market was voided: claim with claimVoid.
    error MarketVoided();
    /// @notice The market ended with a winning option, not VOID: claim with claim.
    error NotVoided();
    /// @notice claimVoid got `length` amounts for a market of `count` options.
    error InvalidAmounts(uint256 length, uint256 count);
    /// @notice Settlement or assertion before endTime on a market not created EARLY_RESOLVABLE.
    error MarketNotEnded(uint256 endTime, uint256 timestamp);
    /// @notice claimFor or redeemFor of an escrow whose tokens belong to others.
    error Custodian(address account);

    // ---- events ----

    /// @notice `account` paid `baseIn` (of which `fee` went to the LP fee pool) and received
    /// `tokensOut` tokens of option `optionIndex`; `balances` are the pool balances after the trade.
    event Bought(
        address indexed account,
        uint256 indexed optionIndex,
        uint256 baseIn,
        uint256 fee,
        uint256 tokensOut,
        uint256[] balances
    );
    /// @notice `account` sold `tokensIn` tokens of option `optionIndex` and received `baseOut`
    /// (after `fee`, which went to the LP fee pool); `balances` are the pool balances after.
    event Sold(
        address indexed account,
        uint256 indexed optionIndex,
        uint256 baseOut,
        uint256 fee,
        uint256 tokensIn,
        uint256[] balances
    );
    /// @notice `account` added `baseIn`, received `lpMinted` LP tokens and `sentBack[k]` tokens of
    /// each option k the pool did not keep; `balances` are the pool balances after. Also emitted
    /// by the seeding in initialize (the creator's initial liquidity).
    event LiquidityAdded(
        address indexed account, uint256 baseIn, uint256 lpMinted, uint256[] sentBack, uint256[] balances
    );
    /// @notice `account` burned `lpBurned` LP tokens, received `baseOut` base tokens for the
    /// complete sets merged and `sentBack[k]` leftover tokens of each option; `balances` are the
    /// pool balances after. Fees paid in the same call are reported by FeesWithdrawn.
    event LiquidityRemoved(
        address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] sentBack, uint256[] balances
    );
    /// @notice After settlement `account` burned `lpBurned` LP tokens for `baseOut` base tokens
    /// (its share of the pool's winning tokens); `balances` are the pool balances after. Fees paid
    /// in the same call are reported by FeesWithdrawn.
    event LiquidityRedeemed(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] balances);
    /// @notice `amount` of accrued trading fees was paid to the LP holder `account` (withdrawFees,
    /// or automatically on removeLiquidity, redeemLiquidity and LP transfers).
    event FeesWithdrawn(address indexed account, uint256 amount);
    /// @notice The market was settled by `resolver`; option `winningIndex` won.
    event Settled(uint256 indexed winningIndex, address indexed resolver);
    /// @notice `account` burned `amount` winning tokens of option `optionIndex` for `amount` base.
    event Claimed(address indexed account, uint256 indexed optionIndex, uint256 amount);
    /// @notice `asserter` asserted `outcome` (an option index or VOID) and posted `bond`; the
    /// assertion can be disputed until `challengeEnd`.
    event Asserted(uint256 indexed outcome, address indexed asserter, uint256 bond, uint256 challengeEnd);
    /// @notice `disputer` disputed the assertion and posted `bond`; the arbitrator decides.
    event Disputed(address indexed disputer, uint256 bond);
    /// @notice `arbitrator` decided `outcome`; `bondWinner` (the asserter if `outcome` is the
    /// asserted one, else the disputer) received `payout` (both bonds minus `fee`), and `fee`
    /// went to `treasury`.
    event Arbitrated(
        uint256 indexed outcome,
        address indexed arbitrator,
        address indexed bondWinner,
        uint256 payout,
        uint256 fee,
        address treasury
    );
    /// @notice The undisputed assertion of `outcome` by `asserter` became final after the
    /// window; its bond (`bondReturned`) went back to the asserter.
    event Finalized(uint256 indexed outcome, address indexed asserter, uint256 bondReturned);
    /// @notice The market ended VOID (decided by `resolver`: the asserter, or the arbitrator).
    event Voided(address indexed resolver);
    /// @notice `account` burned `amounts[k]` tokens of every option k of a VOID market and
    /// received `baseOut` = floor(sum(amounts) / N) base tokens.
    event VoidClaimed(address indexed account, uint256[] amounts, uint256 baseOut);
    /// @notice The dispute went unanswered until `arbitrationEnd`: the market ends VOID and the
    /// disputer gets its bond back (as the asserter does, in Finalized).
    event DisputeExpired(address indexed disputer, uint256 bondReturned, uint256 arbitrationEnd);
    /// @notice The base token refused to pay `account` its bond or fee: it is owed
    /// (withdrawOwed).
    event PaymentOwed(address indexed account, uint256 amount);
    /// @notice `account` took what it was owed, paid to `to`.
    event OwedWithdrawn(address indexed account, address indexed to, uint256 amount);
    /// @notice `account` split `amount` base tokens into `amount` complete sets (mintSets).
    event SetsMinted(address indexed account, uint256 amount);
    /// @notice `account` merged `amount` complete sets into `amount` base tokens (mergeSets).
    event SetsMerged(address indexed account, uint256 amount);

    // ---- storage ----

    /// @notice The factory that created this market (it holds the roles).
    address public factory;
    /// @notice Trading fee in basis points of the base amount traded.
    uint16 public feeBps;
    uint8 private _n;
    /// @notice True once the market has ended (settled on an option, or voided).
    bool public settled;
    uint8 private _winner;
    uint8 private _lock;
    uint8 private _decimals;
    /// @notice Resolution state (RUNNING, SETTLING, DISPUTED, ENDED).
    uint8 public state;
    /// @notice True if the market ended VOID.
    bool public voided;
    /// @notice How the market may be resolved (OPERATOR_RESOLVED, EARLY_RESOLVABLE), fixed at
    /// creation.
    uint8 public flags;

    /// @notice The collateral token.
    address public baseToken;
    /// @notice Unix time at which trading and adding liquidity stop.
    uint64 public endTime;

    /// @notice Seconds an assertion can be disputed (0: settle ends the market at once).
    uint64 public challengeWindow;
    /// @notice Fee taken from the losing bond of a dispute, in basis points of the bond.
    uint16 public disputeFeeBps;
    /// @notice Bond (base units) the asserter posts and a disputer matches.
    uint256 public bond;
    /// @notice The account that asserted the outcome (zero before an assertion).
    address public asserter;
    /// @notice Unix time until which the assertion can be disputed (exclusive).
    uint64 public challengeEnd;
    /// @notice The account that disputed the assertion (zero if undisputed).
    address public disputer;
    /// @notice The asserted outcome: an option index or VOID (meaningful once asserted).
    uint256 public assertedOutcome;
    /// @notice The arbitrator of the dispute, fixed when it opened: the factory's owner cannot
    /// swap who decides a dispute already under way.
    address public disputeArbitrator;
    /// @notice Unix time from which the dispute can no longer be arbitrated and finalize ends
    /// the market VOID.
    uint64 public arbitrationEnd;

    address[16] private _options;
    uint256[8] private _packed; // pool balances, uint128 each, two per slot

    /// @notice Fee pool weight (Gnosis): all fees ever collected plus the withdrawn-fee
    /// entitlements carried by LP shares.
    uint256 public feePoolWeight;
    /// @notice Sum of withdrawnFees over all accounts.
    uint256 public totalWithdrawnFees;
    /// @notice Fee entitlement already withdrawn by (or credited to) each account.
    mapping(address => uint256) public withdrawnFees;
    /// @notice Bonds and fees the base token refused to pay at a market's end, by recipient.
    mapping(address => uint256) public owed;

    modifier nonReentrant() {
        if (_lock != UNLOCKED) revert Reentrancy();
        _lock = LOCKED;
        _;
        _lock = UNLOCKED;
    }

    constructor() {
        // Lock the implementation; clones start with _lock == 0 until initialize.
        _lock = UNLOCKED;
    }

    // ---- initialisation ----

    /// @notice Initialises a clone and seeds the pool at equal prices. Called once by the
    /// factory in the creating transaction, after it moved `initialLiquidity` base tokens from
    /// the creator to this market. The creator receives the initial LP tokens.
    function initialize(
        address baseToken_,
        uint8 decimals_,
        address[] calldata options_,
        uint64 endTime_,
        uint16 feeBps_,
        address creator,
        uint256 initialLiquidity,
        Resolution calldata resolution
    ) external {
        if (_lock != 0) revert AlreadyInitialized();
        uint256 n = options_.length;
        if (n < 2 || n > MAX_OPTIONS) revert InvalidOptionCount(n);
        if (initialLiquidity == 0) revert ZeroAmount();
        if (initialLiquidity > MAX_AMOUNT) revert Overflow();
        _lock = UNLOCKED;
        factory = msg.sender;
        feeBps = feeBps_;
        _n = uint8(n);
        _decimals = decimals_;
        baseToken = baseToken_;
        endTime = endTime_;
        for (uint256 k; k < n; ++k) {
            _options[k] = options_[k];
        }
        // Zero values stay unwritten: the default (immediate settlement) costs no extra storage.
        if (resolution.challengeWindow != 0 || resolution.disputeFeeBps != 0) {
            challengeWindow = resolution.challengeWindow;
            disputeFeeBps = resolution.disputeFeeBps;
        }
        if (resolution.bond != 0) bond = resolution.bond;
        flags = resolution.flags;
        _addLiquidity(creator, initialLiquidity);
    }

    // ---- ERC-20 metadata of the LP token ----

    /// @inheritdoc ERC20Base
    function name() public pure override returns (string memory) {
        return "Predict LP";
    }

    /// @inheritdoc ERC20Base
    function symbol() public pure override returns (string memory) {
        return "PLP";
    }

    /// @inheritdoc ERC20Base
    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    // ---- trading ----

    /// @notice Buys option `optionIndex` with exactly `baseIn` base tokens (pulled with
    /// transferFrom: approve the market first). Reverts unless at least `minTokensOut` tokens come
    /// out and the block time is at most `deadline`.
    /// @return tokensOut Option tokens received.
    function buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 tokensOut)
    {
        _checkOpen(deadline);
        uint256[] memory b = _loadBalances();
        uint256 fee;
        (tokensOut, fee) = _calcBuy(b, optionIndex, baseIn);
        if (tokensOut < minTokensOut) revert InsufficientOutput(tokensOut, minTokensOut);
        uint256 invested = baseIn - fee;
        uint256 n = b.length;
        for (uint256 k; k < n; ++k) {
            b[k] += invested;
        }
        b[optionIndex] -= tokensOut;
        _storeBalances(b);
        if (fee != 0) feePoolWeight += fee;

        baseToken.safeTransferFrom(msg.sender, address(this), baseIn);
        OptionToken(_options[optionIndex]).mint(msg.sender, tokensOut);
        emit Bought(msg.sender, optionIndex, baseIn, fee, tokensOut, b);
    }

    /// @notice Sells exactly `tokensIn` tokens of option `optionIndex` (burned from the caller; no
    /// approval needed). Reverts unless at least `minBaseOut` base tokens come out and the block
    /// time is at most `deadline`. Any position can be sold entirely: a sale too small to be worth
    /// one base unit returns zero (and only reverts if minBaseOut > 0).
    /// @return baseOut Base tokens received, after the fee.
    function sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 baseOut)
    {
        _checkOpen(deadline);
        uint256[] memory b = _loadBalances();
        (uint256 gross, uint256 fee) = _calcSell(b, optionIndex, tokensIn);
        baseOut = gross - fee;
        if (baseOut < minBaseOut) revert InsufficientOutput(baseOut, minBaseOut);
        b[optionIndex] += tokensIn;
        uint256 n = b.length;
        for (uint256 k; k < n; ++k) {
            b[k] -= gross;
        }
        _storeBalances(b);
        if (fee != 0) feePoolWeight += fee;

        OptionToken(_options[optionIndex]).burn(msg.sender, tokensIn);
        if (baseOut != 0) baseToken.safeTransfer(msg.sender, baseOut);
        emit Sold(msg.sender, optionIndex, baseOut, fee, tokensIn, b);
    }

    // ---- liquidity ----

    /// @notice Adds `baseIn` base tokens of liquidity (pulled with transferFrom). The pool keeps
    /// its current proportions: it keeps baseIn * b_k / max(b) of each option and sends the
    /// rest back to the caller as option tokens. LP minted = baseIn * totalSupply / max(b).
    /// If every LP share was removed before, the pool is re-seeded at equal prices.
    /// @return lpMinted LP tokens minted to the caller.
    function addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline)
        external
        nonReentrant
        returns (uint256 lpMinted)
    {
        _checkOpen(deadline);
        if (baseIn == 0) revert ZeroAmount();
        if (baseIn > MAX_AMOUNT) revert Overflow();
        lpMinted = _addLiquidity(msg.sender, baseIn);
        if (lpMinted < minLp) revert InsufficientOutput(lpMinted, minLp);
        baseToken.safeTransferFrom(msg.sender, address(this), baseIn);
    }

    /// @notice Burns `lp` LP tokens: takes lp/totalSupply of every pool balance (rounded down),
    /// merges the complete sets into base tokens, pays them together with the caller's accrued
    /// fees and sends the leftover option tokens back. Allowed until the market ends (also after
    /// endTime, and while an assertion is pending or disputed). Reverts if the base paid (sets merged + fees) is below `minBaseOut`.
    /// @return baseOut Base tokens paid for the merged sets.
    /// @return feesPaid Accrued fees paid in the same call.
    function removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 baseOut, uint256 feesPaid)
    {
        if (settled) revert MarketSettled();
        _checkDeadline(deadline);
        if (lp == 0) revert ZeroAmount();
        uint256 supply = totalSupply();
        feesPaid = _beforeLPMove(msg.sender, address(0), lp);
        uint256[] memory b = _loadBalances();
        uint256 n = b.length;
        uint256[] memory sentBack = new uint256[](n);
        baseOut = type(uint256).max;
        for (uint256 k; k < n; ++k) {
            uint256 share = Math.mulDiv(b[k], lp, supply);
            b[k] -= share;
            sentBack[k] = share;
            if (share < baseOut) baseOut = share;
        }
        for (uint256 k; k < n; ++k) {
            sentBack[k] -= baseOut;
        }
        if (baseOut + feesPaid < minBaseOut) revert InsufficientOutput(baseOut + feesPaid, minBaseOut);
        _storeBalances(b);
        _burn(msg.sender, lp);

        _pay(msg.sender, baseOut + feesPaid);
        _mintOptions(msg.sender, sentBack);
        _emitFees(msg.sender, feesPaid);
        emit LiquidityRemoved(msg.sender, lp, baseOut, sentBack, b);
    }

    /// @notice After settlement, burns `lp` LP tokens for lp/totalSupply of the pool's winning
    /// tokens (rounded down), paid in base 1:1, plus the caller's accrued fees. On a VOID market
    /// it takes lp/totalSupply of every pool balance (each rounded down) and pays the sum / N
    /// (rounded down), as claimVoid values option tokens.
    /// @return baseOut Base tokens paid for the pool's winning tokens.
    /// @return feesPaid Accrued fees paid in the same call.
    function redeemLiquidity(uint256 lp) external nonReentrant returns (uint256 baseOut, uint256 feesPaid) {
        if (!settled) revert NotSettled();
        if (lp == 0) revert ZeroAmount();
        return _redeem(msg.sender, lp, false);
    }

    /// @notice After the end, redeems all the LP tokens of `lp` as redeemLiquidity does, paid to
    /// `lp`, never to the caller. Anyone may call it (the service pays every LP after the end).
    /// Reverts ZeroAmount when `lp` holds no LP tokens (already redeemed).
    function redeemFor(address lp) external nonReentrant {
        if (_redeemFor(lp) == 0) revert ZeroAmount();
    }

    function _redeemFor(address lp) private returns (uint256 amount) {
        if (!settled) revert NotSettled();
        if (IMarketRoles(factory).isCustodian(lp)) revert Custodian(lp);
        amount = balanceOf(lp);
        if (amount != 0) _redeem(lp, amount, true);
    }

    /// @dev A payment on the holder's behalf (forOther) cannot be refused by a blacklist without
    /// stopping the others of a batch: it is owed instead (withdrawOwed).
    function _redeem(address account, uint256 lp, bool forOther) private returns (uint256 baseOut, uint256 feesPaid) {
        uint256 supply = totalSupply();
        feesPaid = _beforeLPMove(account, address(0), lp);
        uint256[] memory b = _loadBalances();
        if (voided) {
            uint256 n = b.length;
            uint256 total;
            for (uint256 k; k < n; ++k) {
                uint256 share = Math.mulDiv(b[k], lp, supply);
                b[k] -= share;
                total += share;
            }
            baseOut = total / n;
        } else {
            uint256 w = _winner;
            baseOut = Math.mulDiv(b[w], lp, supply);
            b[w] -= baseOut;
        }
        _storeBalances(b);
        _burn(account, lp);

        if (forOther) {
            _payOrOwe(account, baseOut + feesPaid);
        } else {
            _pay(account, baseOut + feesPaid);
        }
        _emitFees(account, feesPaid);
        emit LiquidityRedeemed(account, lp, baseOut, b);
    }

    // ---- complete sets ----

    /// @notice Splits `amount` base tokens (pulled with transferFrom: approve the market first)
    /// into `amount` tokens of every option, outside the pool and without its fee: the market
    /// then holds exactly the collateral it pays for the new sets (one base token per winning
    /// token, or N times 1/N if void). Open until the market has ended.
    function mintSets(uint256 amount) external nonReentrant {
        if (settled) revert MarketSettled();
        if (amount == 0) revert ZeroAmount();
        if (amount > MAX_AMOUNT) revert Overflow();
        baseToken.safeTransferFrom(msg.sender, address(this), amount);
        uint256 n = _n;
        for (uint256 k; k < n; ++k) {
            OptionToken(_options[k]).mint(msg.sender, amount);
        }
        emit SetsMinted(msg.sender, amount);
    }

    /// @notice Burns `amount` of the caller's tokens of every option and pays `amount` base
    /// tokens: a holder of complete sets leaves for collateral without the pool's fee. Open
    /// until the market has ended (then winning tokens are claimed instead).
    function mergeSets(uint256 amount) external nonReentrant {
        if (settled) revert MarketSettled();
        if (amount == 0) revert ZeroAmount();
        uint256 n = _n;
        for (uint256 k; k < n; ++k) {
            OptionToken(_options[k]).burn(msg.sender, amount);
        }
        baseToken.safeTransfer(msg.sender, amount);
        emit SetsMerged(msg.sender, amount);
    }

    /// @notice Pays the caller's accrued trading fees (no-op when nothing is due).
    /// @return amount Fees paid.
    function withdrawFees() external nonReentrant returns (uint256 amount) {
        amount = _takeFees(msg.sender);
        _pay(msg.sender, amount);
        _emitFees(msg.sender, amount);
    }

    /// @notice LP transfer; pays the sender's accrued fees and moves the withdrawn-fee
    /// entitlement with the shares (Gnosis FPMM semantics).
    function transfer(address to, uint256 amount) public override nonReentrant returns (bool) {
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        uint256 paid = _beforeLPMove(msg.sender, to, amount);
        _transfer(msg.sender, to, amount);
        _pay(msg.sender, paid);
        _emitFees(msg.sender, paid);
        return true;
    }

    /// @notice LP transferFrom; see transfer.
    function transferFrom(address from, address to, uint256 amount) public override nonReentrant returns (bool) {
        if (from == address(0)) revert ERC20InvalidSender(address(0));
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        _spendAllowance(from, msg.sender, amount);
        uint256 paid = _beforeLPMove(from, to, amount);
        _transfer(from, to, amount);
        _pay(from, paid);
        _emitFees(from, paid);
        return true;
    }

    // ---- settlement ----

    /// @notice Declares option `winningOption` the winner at once. Only an account with the
    /// resolver or the admin role on the factory; once; only on a market with a challenge window
    /// of 0 (otherwise ChallengeWindowRequired: use assertOutcome). Trading and liquidity changes
    /// stop; claims and LP redemption open.
    function settle(uint256 winningOption) external nonReentrant {
        if (!IMarketRoles(factory).canSettle(msg.sender)) revert NotResolver(msg.sender);
        if (settled) revert MarketSettled();
        uint256 window = challengeWindow;
        if (window != 0) revert ChallengeWindowRequired(window);
        uint256 n = _n;
        if (winningOption >= n) revert InvalidOption(winningOption, n);
        _checkEnded();
        _end(winningOption, msg.sender);
    }

    /// @notice Asserts `outcome` (an option index, or VOID). Admin or resolver only, once.
    /// With a challenge window of 0 the market ends at once (no bond). Otherwise the caller posts
    /// `bond` base tokens (pulled with transferFrom: approve the market first), trading stops and
    /// the assertion can be disputed until challengeEnd = now + challengeWindow.
    function assertOutcome(uint256 outcome) external nonReentrant {
        if (!IMarketRoles(factory).canSettle(msg.sender)) revert NotResolver(msg.sender);
        uint8 s = state;
        if (s == ENDED) revert MarketSettled();
        if (s != RUNNING) revert AlreadyAsserted();
        uint256 n = _n;
        if (outcome >= n && outcome != VOID) revert InvalidOption(outcome, n);
        _checkEnded();
        uint256 window = challengeWindow;
        if (window == 0) {
            _end(outcome, msg.sender);
            return;
        }
        uint256 end = block.timestamp + window;
        state = SETTLING;
        asserter = msg.sender;
        assertedOutcome = outcome;
        challengeEnd = uint64(end);
        uint256 b = bond;
        if (b != 0) baseToken.safeTransferFrom(msg.sender, address(this), b);
        emit Asserted(outcome, msg.sender, b, end);
    }

    /// @notice Disputes the asserted outcome before challengeEnd. Anyone; the caller matches the
    /// bond (pulled with transferFrom). Only one dispute: the arbitrator then decides.
    function dispute() external nonReentrant {
        uint8 s = state;
        if (s == RUNNING) revert NotAsserted();
        if (s == DISPUTED) revert AlreadyDisputed();
        if (s == ENDED) revert MarketSettled();
        uint256 end = challengeEnd;
        if (block.timestamp >= end) revert ChallengeWindowClosed(end, block.timestamp);
        state = DISPUTED;
        disputer = msg.sender;
        disputeArbitrator = IMarketRoles(factory).arbitrator();
        arbitrationEnd = uint64(block.timestamp + ARBITRATION_PERIOD);
        uint256 b = bond;
        if (b != 0) baseToken.safeTransferFrom(msg.sender, address(this), b);
        emit Disputed(msg.sender, b);
    }

    /// @notice Ends the market on the undisputed asserted outcome once the challenge window has
    /// passed, and returns the asserter's bond. Anyone. A dispute the arbitrator left unanswered
    /// until arbitrationEnd ends the market VOID instead, each side's bond going back to it.
    function finalize() external nonReentrant {
        uint8 s = state;
        if (s == RUNNING) revert NotAsserted();
        if (s == ENDED) revert MarketSettled();
        if (s == DISPUTED) {
            uint256 deadline = arbitrationEnd;
            if (block.timestamp < deadline) revert AlreadyDisputed();
            address who_ = asserter;
            address other = disputer;
            uint256 b_ = bond;
            emit DisputeExpired(other, b_, deadline);
            emit Finalized(VOID, who_, b_);
            _end(VOID, address(0));
            _payOrOwe(who_, b_);
            _payOrOwe(other, b_);
            return;
        }
        uint256 end = challengeEnd;
        if (block.timestamp < end) revert ChallengeWindowOpen(end, block.timestamp);
        uint256 outcome = assertedOutcome;
        address who = asserter;
        uint256 b = bond;
        emit Finalized(outcome, who, b);
        _end(outcome, who);
        _payOrOwe(who, b);
    }

    /// @notice Decides a disputed assertion: `outcome` (an option index or VOID) wins. Only the
    /// arbitrator the factory had when the dispute opened, and only before arbitrationEnd. If `outcome` is the asserted one the asserter was right, otherwise
    /// the disputer; the right side receives both bonds minus the dispute fee
    /// (floor(bond * disputeFeeBps / 10000), taken from the wrong side's bond), which goes to the
    /// factory's treasury. The market ends on `outcome`.
    function arbitrate(uint256 outcome) external nonReentrant {
        IMarketRoles roles = IMarketRoles(factory);
        if (state != DISPUTED) revert NotDisputed();
        if (msg.sender != disputeArbitrator || msg.sender == address(0)) revert NotArbitrator(msg.sender);
        uint256 deadline = arbitrationEnd;
        if (block.timestamp >= deadline) revert ArbitrationExpired(deadline, block.timestamp);
        uint256 n = _n;
        if (outcome >= n && outcome != VOID) revert InvalidOption(outcome, n);
        address right = outcome == assertedOutcome ? asserter : disputer;
        uint256 b = bond;
        uint256 fee = Math.mulDiv(b, disputeFeeBps, BPS);
        uint256 payout = 2 * b - fee;
        address treasury = roles.treasury();
        emit Arbitrated(outcome, msg.sender, right, payout, fee, treasury);
        _end(outcome, msg.sender);
        _payOrOwe(right, payout);
        _payOrOwe(treasury, fee);
    }

    /// @dev The question of a market is open until its end: deciding it earlier needs the market
    /// to say so from its creation.
    function _checkEnded() private view {
        uint256 end = endTime;
        if (block.timestamp < end && flags & EARLY_RESOLVABLE == 0) revert MarketNotEnded(end, block.timestamp);
    }

    function _end(uint256 outcome, address resolver) private {
        state = ENDED;
        settled = true;
        if (outcome == VOID) {
            voided = true;
            emit Voided(resolver);
        } else {
            _winner = uint8(outcome);
            emit Settled(outcome, resolver);
        }
    }

    /// @notice After settlement, burns `amount` of the caller's winning option tokens and pays
    /// `amount` base tokens. Holding fewer winning tokens reverts with the option token's
    /// ERC20InsufficientBalance (that includes holding only losing tokens, or claiming twice).
    /// A VOID market reverts with MarketVoided (use claimVoid).
    function claim(uint256 amount) external nonReentrant {
        if (!settled) revert NotSettled();
        if (voided) revert MarketVoided();
        if (amount == 0) revert ZeroAmount();
        _claim(msg.sender, amount, false);
    }

    function _claim(address holder, uint256 amount, bool forOther) private {
        uint256 w = _winner;
        OptionToken(_options[w]).burn(holder, amount);
        if (forOther) {
            _payOrOwe(holder, amount);
        } else {
            baseToken.safeTransfer(holder, amount);
        }
        emit Claimed(holder, w, amount);
    }

    /// @notice After the market ended VOID, burns `amounts[k]` of the caller's tokens of every
    /// option k and pays floor(sum(amounts) / N) base tokens: each option token is worth 1/N,
    /// rounded down once per call in favour of the pool (a complete set pays exactly 1; the
    /// dust is below one base unit per call and stays in the market).
    /// @return baseOut Base tokens paid.
    function claimVoid(uint256[] memory amounts) external nonReentrant returns (uint256 baseOut) {
        if (!settled) revert NotSettled();
        if (!voided) revert NotVoided();
        uint256 n = _n;
        if (amounts.length != n) revert InvalidAmounts(amounts.length, n);
        uint256 total;
        (baseOut, total) = _claimVoid(msg.sender, amounts, false);
        if (total == 0) revert ZeroAmount();
    }

    function _claimVoid(address holder, uint256[] memory amounts, bool forOther)
        private
        returns (uint256 baseOut, uint256 total)
    {
        uint256 n = amounts.length;
        for (uint256 k; k < n; ++k) {
            uint256 a = amounts[k];
            if (a != 0) {
                if (a > MAX_AMOUNT) revert Overflow();
                total += a;
                OptionToken(_options[k]).burn(holder, a);
            }
        }
        if (total == 0) return (0, 0);
        baseOut = total / n;
        if (forOther) {
            _payOrOwe(holder, baseOut);
        } else {
            _pay(holder, baseOut);
        }
        emit VoidClaimed(holder, amounts, baseOut);
    }

    /// @notice After the end, pays `holder` for all its option tokens: its winning tokens 1:1
    /// (Claimed), or on a VOID market every option's tokens at 1/N (VoidClaimed). The money goes
    /// to the holder, never to the caller; anyone may call it, so that winnings reach holders
    /// without their action (the service pays every holder after the end). Reverts ZeroAmount
    /// when the holder holds nothing to claim (already paid).
    function claimFor(address holder) external nonReentrant {
        if (_claimFor(holder) == 0) revert ZeroAmount();
    }

    /// @notice claimFor every holder and redeemFor every LP of the lists, in one transaction;
    /// those with nothing left are skipped, so a batch sent twice pays nobody twice.
    function payOut(address[] calldata holders, address[] calldata lps) external nonReentrant {
        for (uint256 i; i < holders.length; ++i) {
            _claimFor(holders[i]);
        }
        for (uint256 i; i < lps.length; ++i) {
            _redeemFor(lps[i]);
        }
    }

    /// @dev Returns the option tokens burned (0: nothing to claim).
    function _claimFor(address holder) private returns (uint256 burned) {
        if (!settled) revert NotSettled();
        if (IMarketRoles(factory).isCustodian(holder)) revert Custodian(holder);
        uint256 n = _n;
        if (!voided) {
            burned = OptionToken(_options[_winner]).balanceOf(holder);
            if (burned != 0) _claim(holder, burned, true);
            return burned;
        }
        uint256[] memory amounts = new uint256[](n);
        for (uint256 k; k < n; ++k) {
            amounts[k] = OptionToken(_options[k]).balanceOf(holder);
        }
        (, burned) = _claimVoid(holder, amounts, true);
    }

    // ---- views ----

    /// @notice Number of options.
    function optionCount() external view returns (uint256) {
        return _n;
    }

    /// @notice Option token addresses, by option index.
    function options() external view returns (address[] memory list) {
        uint256 n = _n;
        list = new address[](n);
        for (uint256 k; k < n; ++k) {
            list[k] = _options[k];
        }
    }

    /// @notice The winning option index (VOID for a voided market); reverts with NotSettled
    /// before the market ends.
    function winningIndex() external view returns (uint256) {
        if (!settled) revert NotSettled();
        if (voided) return VOID;
        return _winner;
    }

    /// @notice Pool balance of every option.
    function poolBalances() external view returns (uint256[] memory) {
        return _loadBalances();
    }

    /// @notice Fees collected and not yet withdrawn (reserved for LP holders).
    function collectedFees() external view returns (uint256) {
        return feePoolWeight - totalWithdrawnFees;
    }

    /// @notice Fees `account` could withdraw now.
    function feesWithdrawableBy(address account) public view returns (uint256 amount) {
        uint256 supply = totalSupply();
        if (supply == 0) return 0;
        uint256 raw = Math.mulDiv(feePoolWeight, balanceOf(account), supply);
        uint256 withdrawn = withdrawnFees[account];
        if (raw <= withdrawn) return 0;
        amount = raw - withdrawn;
        uint256 available = feePoolWeight - totalWithdrawnFees;
        if (amount > available) amount = available;
    }

    /// @notice Quote for buy(optionIndex, baseIn, ...): tokens out and the fee. Reverts like buy
    /// for a bad index, zero amount, empty pool or zero output.
    function calcBuyAmount(uint256 optionIndex, uint256 baseIn) external view returns (uint256 tokensOut, uint256 fee) {
        return _calcBuy(_loadBalances(), optionIndex, baseIn);
    }

    /// @notice Quote for sell(optionIndex, tokensIn, ...): base out (after the fee) and the fee.
    function calcSellReturn(uint256 optionIndex, uint256 tokensIn) external view returns (uint256 baseOut, uint256 fee) {
        uint256 gross;
        (gross, fee) = _calcSell(_loadBalances(), optionIndex, tokensIn);
        baseOut = gross - fee;
    }

    /// @notice Prices of the options as 18-decimal fixed point, computed from the pool balances
    /// with 1e36-scaled reciprocals: informational, each within a few units of the exact value
    /// (the Go mirror computes exact prices from poolBalances()).
    function prices() external view returns (uint256[] memory p) {
        uint256[] memory b = _loadBalances();
        uint256 n = b.length;
        uint256 maxB = _max(b);
        if (maxB == 0) revert PoolEmpty();
        uint256[] memory w = new uint256[](n);
        uint256 sum;
        for (uint256 k; k < n; ++k) {
            w[k] = Math.mulDiv(1e36, maxB, b[k]);
            sum += w[k];
        }
        p = new uint256[](n);
        for (uint256 k; k < n; ++k) {
            p[k] = Math.mulDiv(w[k], ONE, sum);
        }
    }

    // ---- internals: checks ----

    function _checkOpen(uint256 deadline) private view {
        if (settled) revert MarketSettled();
        if (state != RUNNING) revert ResolutionPending();
        if (block.timestamp >= endTime) revert MarketEnded(endTime, block.timestamp);
        _checkDeadline(deadline);
    }

    function _checkDeadline(uint256 deadline) private view {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
    }

    // ---- internals: pool math (mirrored exactly by internal/market/fpmm) ----

    /// @dev Gnosis calcBuyAmount: the investment (after the fee, rounded up) is split into complete
    /// sets added to every balance; the buyer receives what makes the traded balance fall to the
    /// smallest value that keeps the product, computed with ONE-scaled ceiling divisions.
    function _calcBuy(uint256[] memory b, uint256 i, uint256 baseIn)
        private
        view
        returns (uint256 tokensOut, uint256 fee)
    {
        uint256 n = b.length;
        if (i >= n) revert InvalidOption(i, n);
        if (baseIn == 0) revert ZeroAmount();
        if (baseIn > MAX_AMOUNT) revert Overflow();
        if (b[0] == 0) revert PoolEmpty();
        fee = Math.ceilDiv(baseIn * feeBps, BPS);
        uint256 x = baseIn - fee;
        uint256 bi = b[i];
        uint256 e = bi * ONE;
        for (uint256 j; j < n; ++j) {
            if (j != i) {
                uint256 bj = b[j];
                e = Math.mulDiv(e, bj, bj + x, Math.Rounding.Up);
            }
        }
        tokensOut = bi + x - Math.ceilDiv(e, ONE);
        if (tokensOut == 0) revert ZeroOutput();
    }

    /// @dev Exact tokens in: the gross return g is the largest integer with
    /// sellOk(g): g < min(t, min_{j!=i} b_j) and the ONE-scaled, rounded-up ending balance of the
    /// sold option for g merged sets fits in b_i + t - g. sellOk is monotone in g, so the largest
    /// g is unique; it is found from a Newton estimate, a galloping probe and a bisection.
    /// The fee is taken from g (rounded up).
    function _calcSell(uint256[] memory b, uint256 i, uint256 t) private view returns (uint256 gross, uint256 fee) {
        uint256 n = b.length;
        if (i >= n) revert InvalidOption(i, n);
        if (t == 0) revert ZeroAmount();
        if (t > MAX_AMOUNT) revert Overflow();
        if (b[0] == 0) revert PoolEmpty();
        gross = _sellGross(b, i, t);
        fee = Math.ceilDiv(gross * feeBps, BPS);
    }

    function _sellGross(uint256[] memory b, uint256 i, uint256 t) private pure returns (uint256 lo) {
        uint256 n = b.length;
        uint256 hi = t; // exclusive bound
        for (uint256 j; j < n; ++j) {
            if (j != i && b[j] < hi) hi = b[j];
        }
        if (hi <= 1) return 0;
        uint256 g = _newton(b, i, t, hi);
        if (g != 0) {
            if (_sellOk(b, i, t, g)) {
                lo = g;
                uint256 step = 1;
                while (true) {
                    uint256 c = lo + step;
                    if (c >= hi) break;
                    if (_sellOk(b, i, t, c)) {
                        lo = c;
                        step <<= 1;
                    } else {
                        hi = c;
                        break;
                    }
                }
            } else {
                hi = g;
                uint256 step = 1;
                while (step < hi - lo) {
                    uint256 c = hi - step;
                    if (_sellOk(b, i, t, c)) {
                        lo = c;
                        break;
                    }
                    hi = c;
                    step <<= 1;
                }
            }
        }
        while (hi - lo > 1) {
            uint256 mid = lo + ((hi - lo) >> 1);
            if (_sellOk(b, i, t, mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    }

    /// @dev Requires g < min_{j!=i} b_j and g < t. The chain only grows (every factor is >= 1),
    /// so it stops as soon as it passes the limit; before a step with a factor of 2^64 or more
    /// the limit is compared first, so no product leaves the 512-bit range of mulDiv.
    function _sellOk(uint256[] memory b, uint256 i, uint256 t, uint256 g) private pure returns (bool) {
        uint256 bi = b[i];
        uint256 limit = (bi + t - g) * ONE;
        uint256 e = bi * ONE;
        uint256 n = b.length;
        for (uint256 j; j < n; ++j) {
            if (j != i) {
                uint256 bj = b[j];
                uint256 den = bj - g;
                if (den > bj >> 64) {
                    // bj / den < 2^64 and e <= limit < 2^189: the product cannot overflow.
                    e = Math.mulDiv(e, bj, den, Math.Rounding.Up);
                    if (e > limit) return false;
                } else {
                    // ceil(e * bj / den) <= limit  <=>  e <= floor(limit * den / bj)
                    if (e > Math.mulDiv(limit, den, bj)) return false;
                    e = Math.mulDiv(e, bj, den, Math.Rounding.Up);
                }
            }
        }
        return true;
    }

    /// @dev Newton's method on h(g) = (b_i + t - g) * prod_{j!=i} (b_j - g) / b_j - b_i from g = 0.
    /// h is convex and decreasing on [0, min b_j), so the iterates approach the root from below;
    /// they stop when the step rounds to zero (usually after 2 to 6 rounds; up to ~30 when the
    /// sold option's pool balance is nearly exhausted). Only an estimate: _sellGross verifies and
    /// corrects it exactly.
    function _newton(uint256[] memory b, uint256 i, uint256 t, uint256 hi) private pure returns (uint256 g) {
        uint256 n = b.length;
        uint256 bi = b[i];
        for (uint256 r; r < NEWTON_ROUNDS; ++r) {
            uint256 aOne = (bi + t - g) * ONE;
            uint256 e = bi * ONE;
            uint256 d = ONE;
            for (uint256 j; j < n; ++j) {
                if (j != i) {
                    uint256 bj = b[j];
                    uint256 den = bj - g;
                    if (den > bj >> 64) {
                        e = Math.mulDiv(e, bj, den);
                        if (e > aOne) return g; // past the root
                    } else if (e > Math.mulDiv(aOne, den, bj)) {
                        return g; // past the root
                    } else {
                        e = Math.mulDiv(e, bj, den);
                    }
                    d += aOne / den;
                }
            }
            if (e >= aOne) return g;
            uint256 step = (aOne - e) / d;
            if (step == 0) return g;
            g += step;
            if (g >= hi) return hi - 1;
        }
    }

    /// @dev Shared by initialize (seeding) and addLiquidity. Pure accounting and option-token
    /// minting; the caller moves the base tokens.
    function _addLiquidity(address account, uint256 baseIn) private returns (uint256 lpMinted) {
        uint256[] memory b = _loadBalances();
        uint256 n = b.length;
        uint256[] memory sentBack = new uint256[](n);
        uint256 supply = totalSupply();
        if (supply == 0) {
            for (uint256 k; k < n; ++k) {
                b[k] = baseIn;
            }
            lpMinted = baseIn;
        } else {
            uint256 maxB = _max(b);
            for (uint256 k; k < n; ++k) {
                uint256 keep = Math.mulDiv(baseIn, b[k], maxB, Math.Rounding.Up);
                sentBack[k] = baseIn - keep;
                b[k] += keep;
            }
            lpMinted = Math.mulDiv(baseIn, supply, maxB);
        }
        if (lpMinted == 0) revert ZeroOutput();
        _storeBalances(b);
        _beforeLPMove(address(0), account, lpMinted);
        _mint(account, lpMinted);
        _mintOptions(account, sentBack);
        emit LiquidityAdded(account, baseIn, lpMinted, sentBack, b);
    }

    // ---- internals: fees (Gnosis FPMM accounting) ----

    function _takeFees(address account) private returns (uint256 amount) {
        amount = feesWithdrawableBy(account);
        if (amount != 0) {
            withdrawnFees[account] += amount;
            totalWithdrawnFees += amount;
        }
    }

    /// @dev Gnosis _beforeTokenTransfer: pays the sender's fees, then moves the withdrawn-fee
    /// entitlement of `amount` shares (feePoolWeight * amount / supply, at most what the sender
    /// has) with them; minting adds it to the pool weight, burning removes it. Returns the fees
    /// due to `from` (the caller pays). Invariant: feePoolWeight - totalWithdrawnFees equals the
    /// fees collected minus the fees paid, and no payment exceeds it.
    function _beforeLPMove(address from, address to, uint256 amount) private returns (uint256 paid) {
        uint256 supply = totalSupply();
        if (from != address(0)) {
            uint256 bal = balanceOf(from);
            if (bal < amount) revert ERC20InsufficientBalance(from, bal, amount);
            paid = _takeFees(from);
        }
        uint256 moved = supply == 0 ? 0 : Math.mulDiv(feePoolWeight, amount, supply);
        if (from != address(0)) {
            // After a capped fee payment the sender may carry less than its pro-rata share:
            // move only what it has, so that collectedFees() never goes below zero.
            uint256 fromWithdrawn = withdrawnFees[from];
            if (moved > fromWithdrawn) moved = fromWithdrawn;
            withdrawnFees[from] = fromWithdrawn - moved;
            totalWithdrawnFees -= moved;
        } else {
            feePoolWeight += moved;
        }
        if (to != address(0)) {
            withdrawnFees[to] += moved;
            totalWithdrawnFees += moved;
        } else {
            feePoolWeight -= moved;
        }
    }

    // ---- internals: storage and transfers ----

    function _loadBalances() private view returns (uint256[] memory b) {
        uint256 n = _n;
        b = new uint256[](n);
        for (uint256 k; k < n; k += 2) {
            uint256 word = _packed[k >> 1];
            b[k] = uint128(word);
            if (k + 1 < n) b[k + 1] = word >> 128;
        }
    }

    function _storeBalances(uint256[] memory b) private {
        uint256 n = b.length;
        for (uint256 k; k < n; k += 2) {
            uint256 low = b[k];
            uint256 high = k + 1 < n ? b[k + 1] : 0;
            if (low > MAX_AMOUNT || high > MAX_AMOUNT) revert Overflow();
            _packed[k >> 1] = low | (high << 128);
        }
    }

    function _mintOptions(address to, uint256[] memory amounts) private {
        uint256 n = amounts.length;
        for (uint256 k; k < n; ++k) {
            if (amounts[k] != 0) OptionToken(_options[k]).mint(to, amounts[k]);
        }
    }

    function _pay(address to, uint256 amount) private {
        if (amount != 0) baseToken.safeTransfer(to, amount);
    }

    /// @notice Pays a bond or a fee at the end of a resolution, or, when the base token refuses
    /// the recipient (a blacklist), keeps it owed to them (withdrawOwed): no recipient can block
    /// the end of a market.
    function _payOrOwe(address to, uint256 amount) private {
        if (amount == 0) return;
        (bool ok, bytes memory data) = baseToken.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (ok && (data.length == 0 || (data.length == 32 && abi.decode(data, (uint256)) == 1))) return;
        owed[to] += amount;
        emit PaymentOwed(to, amount);
    }

    /// @notice Pays the caller what a resolution owes it (a bond or a fee its address could not
    /// receive when the market ended) to `to`, which may be another address of the caller's.
    function withdrawOwed(address to) external nonReentrant {
        uint256 amount = owed[msg.sender];
        if (amount == 0) revert ZeroAmount();
        owed[msg.sender] = 0;
        baseToken.safeTransfer(to, amount);
        emit OwedWithdrawn(msg.sender, to, amount);
    }

    function _emitFees(address account, uint256 amount) private {
        if (amount != 0) emit FeesWithdrawn(account, amount);
    }

    function _max(uint256[] memory b) private pure returns (uint256 m) {
        uint256 n = b.length;
        for (uint256 k; k < n; ++k) {
            if (b[k] > m) m = b[k];
        }
    }
}
