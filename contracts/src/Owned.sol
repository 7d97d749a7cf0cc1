// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

/// @title Owned
/// @notice Single-owner access control with custom errors (OpenZeppelin 4.x Ownable reverts with
/// strings). The owner is the operator key of the service.
abstract contract Owned {
    /// @notice The caller is not the owner.
    error NotOwner(address caller);
    /// @notice The zero address is not a valid argument here.
    error ZeroAddress();

    /// @notice Ownership moved from `previousOwner` to `newOwner`.
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    /// @notice The current owner.
    address public owner;

    constructor(address owner_) {
        if (owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @notice Hands ownership to `newOwner`. Owner only.
    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
