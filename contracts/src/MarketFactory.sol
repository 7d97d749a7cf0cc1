// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Owned} from "./Owned.sol";
import {Market} from "./Market.sol";
import {OptionToken} from "./OptionToken.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title MarketFactory
/// @notice Creates markets and holds the on-chain roles. The owner (the operator key) grants and
/// revokes the admin and resolver roles, allow-lists base tokens and sets the arbitrator, the
/// treasury and the resolution defaults; admins create markets; admins and resolvers settle (or
/// assert the outcome of) them; the arbitrator decides disputed assertions.
///
/// Each market is an EIP-1167 clone of one Market implementation, and each of its options an
/// EIP-1167 clone of one OptionToken implementation, all deployed with CREATE2 so that their
/// addresses are known before the creating transaction is mined:
///   market   = predictMarket(creator, salt)   (salt of the clone: keccak256(abi.encode(creator, salt)))
///   option i = predictOption(market, i)       (salt of the clone: keccak256(abi.encode(market, i)))
/// The creator (msg.sender) is part of the market's salt, so nobody can take a creator's address.
///
/// No market is created that one key alone could decide without saying so: a market without a
/// challenge window is settled at once by an admin or resolver, so it must be created
/// OPERATOR_RESOLVED; a market with a window must have an arbitrator to decide its disputes.
contract MarketFactory is Owned {
    using SafeTransfer for address;

    /// @notice Minimum number of options of a market.
    uint256 public constant MIN_OPTIONS = 2;
    /// @notice Maximum number of options of a market (bounded by the gas of a sell and of
    /// createMarket; see docs/contracts.md).
    uint256 public constant MAX_OPTIONS = 16;
    /// @notice Upper bound of a market's trading fee: 1000 basis points = 10%.
    uint256 public constant MAX_FEE_BPS = 1000;
    /// @notice Role id of admins (create and settle markets), as in RoleChanged.
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN");
    /// @notice Role id of resolvers (settle markets), as in RoleChanged.
    bytes32 public constant RESOLVER_ROLE = keccak256("RESOLVER");
    /// @notice Upper bound of a market's challenge window.
    uint256 public constant MAX_CHALLENGE_WINDOW = 30 days;
    /// @notice Upper bound of the dispute fee: 5000 basis points = half of the losing bond.
    uint256 public constant MAX_DISPUTE_FEE_BPS = 5000;
    /// @notice Market flag: resolved by an admin or resolver alone, at once (Market.OPERATOR_RESOLVED).
    uint256 public constant OPERATOR_RESOLVED = 1;
    /// @notice Market flag: may be settled or asserted before its end (Market.EARLY_RESOLVABLE).
    uint256 public constant EARLY_RESOLVABLE = 2;

    /// @notice The Market implementation the markets are clones of.
    address public immutable marketImplementation;
    /// @notice The OptionToken implementation the option tokens are clones of.
    address public immutable optionImplementation;

    /// @notice Fee the service uses when a market's creator does not choose one (basis points).
    uint256 public defaultFeeBps;
    /// @notice Accounts holding the admin role.
    mapping(address => bool) public isAdmin;
    /// @notice Accounts holding the resolver role.
    mapping(address => bool) public isResolver;
    /// @notice Base tokens markets may use.
    mapping(address => bool) public isBaseToken;
    /// @notice Markets created by this factory.
    mapping(address => bool) public isMarket;
    /// @notice Decides disputed assertions of every market (a multisig, or an oracle adapter);
    /// zero until the owner sets it.
    address public arbitrator;
    /// @notice Receives the dispute fee; the owner at deployment.
    address public treasury;
    /// @notice Challenge window createMarket gives a new market (0: settle ends it at once).
    uint256 public defaultChallengeWindow;
    /// @notice Bond createMarket gives a new market (base units of its base token).
    uint256 public defaultBond;
    /// @notice Dispute fee copied into each new market, in basis points of the losing bond.
    uint256 public disputeFeeBps;
    /// @notice Flags createMarket and createMarketWithResolution give a new market
    /// (OPERATOR_RESOLVED, EARLY_RESOLVABLE); 0 at deployment.
    uint256 public defaultFlags;
    /// @notice Escrows holding tokens that belong to others (the limit-order escrow): markets
    /// refuse to pay them on anyone's behalf (Market.claimFor, Market.redeemFor).
    mapping(address => bool) public isCustodian;

    /// @notice The caller does not hold the admin role.
    error NotAdmin(address caller);
    /// @notice `token` is not an allow-listed base token.
    error BaseTokenNotAllowed(address token);
    /// @notice The option count is outside MIN_OPTIONS..MAX_OPTIONS.
    error InvalidOptionCount(uint256 count);
    /// @notice `feeBps` exceeds `maxFeeBps`.
    error FeeTooHigh(uint256 feeBps, uint256 maxFeeBps);
    /// @notice `endTime` is not in the future (or does not fit in uint64).
    error InvalidEndTime(uint256 endTime, uint256 timestamp);
    /// @notice The initial liquidity is zero.
    error ZeroAmount();
    /// @notice The initial liquidity exceeds 2^128-1.
    error Overflow();
    /// @notice The creator already used this salt: `market` exists.
    error MarketExists(address market);
    /// @notice `challengeWindow` exceeds MAX_CHALLENGE_WINDOW.
    error ChallengeWindowTooLong(uint256 challengeWindow, uint256 maxChallengeWindow);
    /// @notice `feeBps` exceeds MAX_DISPUTE_FEE_BPS.
    error DisputeFeeTooHigh(uint256 feeBps, uint256 maxFeeBps);
    /// @notice `flags` has bits other than OPERATOR_RESOLVED and EARLY_RESOLVABLE.
    error InvalidFlags(uint256 flags);
    /// @notice A market without a challenge window is settled by one key at once: it is created
    /// only OPERATOR_RESOLVED, so that its holders can see it.
    error OperatorResolvedRequired();
    /// @notice A market with a challenge window needs an arbitrator for its disputes.
    error ArbitratorRequired();

    /// @notice `account` was granted (`granted` true) or lost the role `role`
    /// (ADMIN_ROLE or RESOLVER_ROLE).
    event RoleChanged(address indexed account, bytes32 indexed role, bool granted);
    /// @notice `token` was added to (`allowed` true) or removed from the base-token allow-list.
    event BaseTokenAllowed(address indexed token, bool allowed);
    /// @notice The default fee changed.
    event DefaultFeeChanged(uint256 feeBps);
    /// @notice The arbitrator changed.
    event ArbitratorChanged(address indexed arbitrator);
    /// @notice The treasury (dispute fee recipient) changed.
    event TreasuryChanged(address indexed treasury);
    /// @notice The resolution defaults of new markets changed.
    event ResolutionDefaultsChanged(uint256 challengeWindow, uint256 bond);
    /// @notice The dispute fee of new markets changed.
    event DisputeFeeChanged(uint256 feeBps);
    /// @notice The flags of new markets created without flags of their own changed.
    event DefaultFlagsChanged(uint256 flags);
    /// @notice `account` became (`custodian` true) or stopped being a custodian.
    event CustodianChanged(address indexed account, bool custodian);
    /// @notice `market` was created with `flags` (OPERATOR_RESOLVED, EARLY_RESOLVABLE). Emitted
    /// right after MarketCreated (and MarketResolution) when the flags are not 0.
    event MarketFlags(address indexed market, uint256 flags);
    /// @notice `market` resolves with challenge window `challengeWindow` seconds, bond `bond` and
    /// dispute fee `disputeFeeBps`. Emitted right after MarketCreated when the window is not 0.
    event MarketResolution(address indexed market, uint256 challengeWindow, uint256 bond, uint256 disputeFeeBps);
    /// @notice `creator` created `market` on `baseToken` with option tokens `options` (by index),
    /// trading until `endTime`, fee `feeBps`, seeded with `initialLiquidity` at equal prices;
    /// `metadataHash` is the service's hash of the off-chain metadata (title, rules, labels).
    /// Emitted before the market's own seeding events (Transfer, LiquidityAdded).
    event MarketCreated(
        address indexed market,
        address indexed creator,
        address indexed baseToken,
        address[] options,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        bytes32 metadataHash
    );

    modifier onlyAdmin() {
        if (!isAdmin[msg.sender]) revert NotAdmin(msg.sender);
        _;
    }

    /// @param owner_ The operator key: grants roles and allow-lists base tokens.
    /// @param defaultFeeBps_ The default fee (at most MAX_FEE_BPS).
    constructor(address owner_, uint256 defaultFeeBps_) Owned(owner_) {
        if (defaultFeeBps_ > MAX_FEE_BPS) revert FeeTooHigh(defaultFeeBps_, MAX_FEE_BPS);
        defaultFeeBps = defaultFeeBps_;
        emit DefaultFeeChanged(defaultFeeBps_);
        treasury = owner_;
        emit TreasuryChanged(owner_);
        marketImplementation = address(new Market());
        optionImplementation = address(new OptionToken());
    }

    // ---- owner ----

    /// @notice Grants or revokes the admin role. Owner only.
    function setAdmin(address account, bool granted) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        isAdmin[account] = granted;
        emit RoleChanged(account, ADMIN_ROLE, granted);
    }

    /// @notice Grants or revokes the resolver role. Owner only.
    function setResolver(address account, bool granted) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        isResolver[account] = granted;
        emit RoleChanged(account, RESOLVER_ROLE, granted);
    }

    /// @notice Adds a base token to, or removes it from, the allow-list. Owner only. Only tokens
    /// without transfer hooks or callbacks may be listed (markets rely on that; see Market).
    function setBaseToken(address token, bool allowed) external onlyOwner {
        if (token == address(0)) revert ZeroAddress();
        isBaseToken[token] = allowed;
        emit BaseTokenAllowed(token, allowed);
    }

    /// @notice Sets the default fee. Owner only.
    function setDefaultFeeBps(uint256 feeBps) external onlyOwner {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps, MAX_FEE_BPS);
        defaultFeeBps = feeBps;
        emit DefaultFeeChanged(feeBps);
    }

    /// @notice Sets the arbitrator of disputed assertions (zero: none). Owner only.
    function setArbitrator(address account) external onlyOwner {
        arbitrator = account;
        emit ArbitratorChanged(account);
    }

    /// @notice Sets the dispute fee recipient. Owner only.
    function setTreasury(address account) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        treasury = account;
        emit TreasuryChanged(account);
    }

    /// @notice Sets the challenge window and bond createMarket gives new markets (existing
    /// markets keep theirs). Owner only.
    function setResolutionDefaults(uint256 challengeWindow, uint256 bond) external onlyOwner {
        _checkResolution(challengeWindow, bond);
        defaultChallengeWindow = challengeWindow;
        defaultBond = bond;
        emit ResolutionDefaultsChanged(challengeWindow, bond);
    }

    /// @notice Sets the dispute fee of new markets. Owner only.
    function setDisputeFeeBps(uint256 feeBps) external onlyOwner {
        if (feeBps > MAX_DISPUTE_FEE_BPS) revert DisputeFeeTooHigh(feeBps, MAX_DISPUTE_FEE_BPS);
        disputeFeeBps = feeBps;
        emit DisputeFeeChanged(feeBps);
    }

    /// @notice Sets the flags createMarket and createMarketWithResolution give new markets.
    /// Owner only.
    function setDefaultFlags(uint256 flags) external onlyOwner {
        _checkFlags(flags);
        defaultFlags = flags;
        emit DefaultFlagsChanged(flags);
    }

    /// @notice Marks an escrow whose tokens belong to others, so that no market pays it on
    /// their behalf. Owner only.
    function setCustodian(address account, bool custodian) external onlyOwner {
        isCustodian[account] = custodian;
        emit CustodianChanged(account, custodian);
    }

    // ---- roles ----

    /// @notice True if `account` may settle markets (admin or resolver).
    function canSettle(address account) external view returns (bool) {
        return isAdmin[account] || isResolver[account];
    }

    // ---- markets ----

    /// @notice Creates a market. Admin only. Pulls `initialLiquidity` of `baseToken` from the
    /// caller with transferFrom (approve this factory first) and seeds the pool at equal prices;
    /// the caller receives the initial LP tokens.
    /// @param baseToken An allow-listed base token.
    /// @param optionNames Labels of the options (2..16); they become the option tokens' names,
    /// their symbols are "OPT0", "OPT1", ...
    /// @param endTime Unix time at which trading stops; must be in the future.
    /// @param feeBps Trading fee in basis points, at most MAX_FEE_BPS.
    /// @param initialLiquidity Seed liquidity in base units (> 0).
    /// @param salt Caller-chosen salt; with the caller's address it fixes the market address.
    /// @param metadataHash Opaque hash of the off-chain metadata, echoed in MarketCreated.
    /// @return market The new market (= predictMarket(msg.sender, salt)).
    /// @return options Its option tokens (= predictOption(market, i)).
    function createMarket(
        address baseToken,
        string[] calldata optionNames,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        bytes32 salt,
        bytes32 metadataHash
    ) external onlyAdmin returns (address market, address[] memory options) {
        Market.Resolution memory r = _resolution(defaultChallengeWindow, defaultBond, defaultFlags);
        return _create(baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, r);
    }

    /// @notice createMarket with the market's own challenge window (seconds, at most
    /// MAX_CHALLENGE_WINDOW; 0 settles at once) and bond (base units) instead of the defaults.
    function createMarketWithResolution(
        address baseToken,
        string[] calldata optionNames,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        bytes32 salt,
        bytes32 metadataHash,
        uint256 challengeWindow,
        uint256 bond
    ) external onlyAdmin returns (address market, address[] memory options) {
        _checkResolution(challengeWindow, bond);
        Market.Resolution memory r = _resolution(challengeWindow, bond, defaultFlags);
        return _create(baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, r);
    }

    /// @notice createMarketWithResolution with the market's own flags instead of the defaults:
    /// OPERATOR_RESOLVED (required with a window of 0, dropped with a window), EARLY_RESOLVABLE
    /// (settlement or assertion allowed before endTime).
    function createMarketWithFlags(
        address baseToken,
        string[] calldata optionNames,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        bytes32 salt,
        bytes32 metadataHash,
        uint256 challengeWindow,
        uint256 bond,
        uint256 flags
    ) external onlyAdmin returns (address market, address[] memory options) {
        _checkResolution(challengeWindow, bond);
        _checkFlags(flags);
        Market.Resolution memory r = _resolution(challengeWindow, bond, flags);
        return _create(baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, r);
    }

    function _checkFlags(uint256 flags) private pure {
        if (flags > OPERATOR_RESOLVED + EARLY_RESOLVABLE) revert InvalidFlags(flags);
    }

    function _checkResolution(uint256 challengeWindow, uint256 bond) private pure {
        if (challengeWindow > MAX_CHALLENGE_WINDOW) {
            revert ChallengeWindowTooLong(challengeWindow, MAX_CHALLENGE_WINDOW);
        }
        // Two bonds are paid out together: keep them far from overflow.
        if (bond > type(uint128).max) revert Overflow();
    }

    /// @dev Without a window one key decides at once, which the market must declare; with one,
    /// OPERATOR_RESOLVED would be untrue (the window and the arbitrator stand between the key
    /// and the outcome), so it is dropped.
    function _resolution(uint256 challengeWindow, uint256 bond, uint256 flags)
        private
        view
        returns (Market.Resolution memory r)
    {
        if (challengeWindow == 0) {
            if (flags & OPERATOR_RESOLVED == 0) revert OperatorResolvedRequired();
            r.flags = uint8(flags);
        } else {
            if (arbitrator == address(0)) revert ArbitratorRequired();
            r = Market.Resolution(
                uint64(challengeWindow), bond, uint16(disputeFeeBps), uint8(flags & ~OPERATOR_RESOLVED)
            );
        }
    }

    function _create(
        address baseToken,
        string[] calldata optionNames,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        bytes32 salt,
        bytes32 metadataHash,
        Market.Resolution memory r
    ) private returns (address market, address[] memory options) {
        if (!isBaseToken[baseToken]) revert BaseTokenNotAllowed(baseToken);
        uint256 n = optionNames.length;
        if (n < MIN_OPTIONS || n > MAX_OPTIONS) revert InvalidOptionCount(n);
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps, MAX_FEE_BPS);
        if (endTime <= block.timestamp || endTime > type(uint64).max) {
            revert InvalidEndTime(endTime, block.timestamp);
        }
        if (initialLiquidity == 0) revert ZeroAmount();
        if (initialLiquidity > type(uint128).max) revert Overflow();

        market = _deployMarket(salt);
        uint8 decimals = IERC20Metadata(baseToken).decimals();
        options = _deployOptions(market, optionNames, decimals);
        emit MarketCreated(market, msg.sender, baseToken, options, endTime, feeBps, initialLiquidity, metadataHash);
        if (r.challengeWindow != 0) emit MarketResolution(market, r.challengeWindow, r.bond, r.disputeFeeBps);
        if (r.flags != 0) emit MarketFlags(market, r.flags);
        _seed(market, options, baseToken, decimals, endTime, feeBps, initialLiquidity, r);
    }

    function _deployMarket(bytes32 salt) private returns (address market) {
        bytes32 marketSalt = _marketSalt(msg.sender, salt);
        market = Clones.predictDeterministicAddress(marketImplementation, marketSalt);
        if (market.code.length != 0) revert MarketExists(market);
        Clones.cloneDeterministic(marketImplementation, marketSalt);
        isMarket[market] = true;
    }

    function _deployOptions(address market, string[] calldata optionNames, uint8 decimals)
        private
        returns (address[] memory options)
    {
        uint256 n = optionNames.length;
        options = new address[](n);
        for (uint256 k; k < n; ++k) {
            address option = Clones.cloneDeterministic(optionImplementation, _optionSalt(market, k));
            OptionToken(option).initialize(
                optionNames[k], string.concat("OPT", Strings.toString(k)), decimals, market, uint8(k)
            );
            options[k] = option;
        }
    }

    function _seed(
        address market,
        address[] memory options,
        address baseToken,
        uint8 decimals,
        uint256 endTime,
        uint256 feeBps,
        uint256 initialLiquidity,
        Market.Resolution memory r
    ) private {
        baseToken.safeTransferFrom(msg.sender, market, initialLiquidity);
        Market(market).initialize(
            baseToken, decimals, options, uint64(endTime), uint16(feeBps), msg.sender, initialLiquidity, r
        );
    }

    /// @notice The address createMarket deploys for `creator` with `salt`.
    function predictMarket(address creator, bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(marketImplementation, _marketSalt(creator, salt));
    }

    /// @notice The address of option `index` of `market` (for a market of this factory).
    function predictOption(address market, uint256 index) external view returns (address) {
        return Clones.predictDeterministicAddress(optionImplementation, _optionSalt(market, index));
    }

    function _marketSalt(address creator, bytes32 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(creator, salt));
    }

    function _optionSalt(address market, uint256 index) private pure returns (bytes32) {
        return keccak256(abi.encode(market, index));
    }
}
