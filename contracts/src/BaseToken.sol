// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {ERC20Base} from "./ERC20Base.sol";
import {Owned} from "./Owned.sol";

/// @title BaseToken
/// @notice The collateral ERC-20 of the embedded dev chain (a USDC-like token and a points
/// token). The owner (operator key) mints: it is the dev faucet. Production markets use a real
/// token (e.g. USDC) allow-listed on the MarketFactory instead.
contract BaseToken is ERC20Base, Owned {
    string private _name;
    string private _symbol;
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_) Owned(owner_) {
        _name = name_;
        _symbol = symbol_;
        _decimals = decimals_;
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

    /// @notice Creates `amount` tokens for `to`. Owner only.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
