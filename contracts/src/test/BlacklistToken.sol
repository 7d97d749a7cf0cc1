// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {BaseToken} from "../BaseToken.sol";

/// @title BlacklistToken
/// @notice A test collateral that, like USDC, refuses transfers to or from accounts its owner
/// blacklisted: the contract tests use it to show that no recipient can block a market's end.
/// Not deployed by the service.
contract BlacklistToken is BaseToken {
    /// @notice The account is blacklisted.
    error Blacklisted(address account);

    mapping(address => bool) public blacklisted;

    constructor(address owner_) BaseToken("Blacklist USD", "BUSD", 6, owner_) {}

    /// @notice Blacklists `account` or lifts it. Owner only.
    function setBlacklisted(address account, bool on) external onlyOwner {
        blacklisted[account] = on;
    }

    /// @notice ERC-20 transfer, refused to or from a blacklisted account.
    function transfer(address to, uint256 amount) public override returns (bool) {
        _check(msg.sender, to);
        return super.transfer(to, amount);
    }

    /// @notice ERC-20 transfer, refused to or from a blacklisted account.
    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        _check(from, to);
        return super.transferFrom(from, to, amount);
    }

    function _check(address from, address to) private view {
        if (blacklisted[from]) revert Blacklisted(from);
        if (blacklisted[to]) revert Blacklisted(to);
    }
}
