// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {ERC20Base} from "./ERC20Base.sol";

/// @title OptionToken
/// @notice The ERC-20 of one option (outcome) of a Market. Deployed by the MarketFactory as an
/// EIP-1167 minimal clone and initialised once. Only its market mints (when the pool pays out
/// tokens) and burns (sells, claims); the market burns without an allowance, always on behalf of
/// the caller of the market function. One base token backs one complete set (one token of every
/// option of the market).
contract OptionToken is ERC20Base {
    /// @notice initialize was called on an initialised token (or on the implementation).
    error AlreadyInitialized();
    /// @notice Only the market may mint and burn.
    error NotMarket(address caller);

    string private _name;
    string private _symbol;
    /// @notice The market this token belongs to.
    address public market;
    uint8 private _decimals;
    uint8 private _index;

    constructor() {
        // Lock the implementation: clones start with market == address(0).
        market = address(1);
    }

    /// @notice Initialises a clone. Called once, by the factory, in the transaction that
    /// creates the clone.
    /// @param name_ Token name (the option's label).
    /// @param symbol_ Token symbol.
    /// @param decimals_ Decimals, equal to the market's base token decimals.
    /// @param market_ The market allowed to mint and burn.
    /// @param index_ Index of the option in its market.
    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address market_, uint8 index_)
        external
    {
        if (market != address(0) || market_ == address(0)) revert AlreadyInitialized();
        _name = name_;
        _symbol = symbol_;
        market = market_;
        _decimals = decimals_;
        _index = index_;
    }

    /// @inheritdoc ERC20Base
    function name() public view override returns (string memory) {
        return _name;
    }

    /// @inheritdoc ERC20Base
    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    /// @inheritdoc ERC20Base
    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Index of this option in its market.
    function optionIndex() external view returns (uint256) {
        return _index;
    }

    /// @notice Creates `amount` tokens for `to`. Market only.
    function mint(address to, uint256 amount) external {
        if (msg.sender != market) revert NotMarket(msg.sender);
        _mint(to, amount);
    }

    /// @notice Destroys `amount` tokens of `from`. Market only.
    function burn(address from, uint256 amount) external {
        if (msg.sender != market) revert NotMarket(msg.sender);
        _burn(from, amount);
    }
}
