// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";

/// @title ERC20Base
/// @notice A minimal ERC-20 whose reverts are custom errors (the ERC-6093 names). Metadata
/// (name, symbol, decimals) is left to the inheriting contract so that minimal clones can
/// keep it in storage written by an initializer instead of a constructor.
/// @dev Supply is bounded by uint256; balances cannot overflow because the total supply is
/// checked on mint. An allowance of type(uint256).max is never decreased.
abstract contract ERC20Base is IERC20Metadata {
    /// @notice `sender` holds `balance`, less than the `needed` amount.
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    /// @notice `spender` may move `allowance`, less than the `needed` amount.
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    /// @notice Tokens cannot be moved from `sender` (the zero address).
    error ERC20InvalidSender(address sender);
    /// @notice Tokens cannot be sent to `receiver` (the zero address).
    error ERC20InvalidReceiver(address receiver);
    /// @notice `approver` (the zero address) cannot approve.
    error ERC20InvalidApprover(address approver);
    /// @notice `spender` (the zero address) cannot be approved.
    error ERC20InvalidSpender(address spender);

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    /// @inheritdoc IERC20Metadata
    function name() public view virtual override returns (string memory);

    /// @inheritdoc IERC20Metadata
    function symbol() public view virtual override returns (string memory);

    /// @inheritdoc IERC20Metadata
    function decimals() public view virtual override returns (uint8);

    /// @notice Total amount of tokens in existence.
    function totalSupply() public view virtual override returns (uint256) {
        return _totalSupply;
    }

    /// @notice Token balance of `account`.
    function balanceOf(address account) public view virtual override returns (uint256) {
        return _balances[account];
    }

    /// @notice Amount `spender` may still move on behalf of `owner_`.
    function allowance(address owner_, address spender) public view virtual override returns (uint256) {
        return _allowances[owner_][spender];
    }

    /// @notice Lets `spender` move up to `amount` of the caller's tokens.
    function approve(address spender, uint256 amount) public virtual override returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    /// @notice Moves `amount` tokens from the caller to `to`.
    function transfer(address to, uint256 amount) public virtual override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    /// @notice Moves `amount` tokens from `from` to `to` using the caller's allowance.
    function transferFrom(address from, address to, uint256 amount) public virtual override returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        if (from == address(0)) revert ERC20InvalidSender(address(0));
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        _update(from, to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        _update(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        if (from == address(0)) revert ERC20InvalidSender(address(0));
        _update(from, address(0), amount);
    }

    function _update(address from, address to, uint256 amount) private {
        if (from == address(0)) {
            _totalSupply += amount;
        } else {
            uint256 fromBalance = _balances[from];
            if (fromBalance < amount) revert ERC20InsufficientBalance(from, fromBalance, amount);
            unchecked {
                _balances[from] = fromBalance - amount;
            }
        }
        if (to == address(0)) {
            unchecked {
                _totalSupply -= amount;
            }
        } else {
            unchecked {
                _balances[to] += amount;
            }
        }
        emit Transfer(from, to, amount);
    }

    function _approve(address owner_, address spender, uint256 amount) internal {
        if (owner_ == address(0)) revert ERC20InvalidApprover(address(0));
        if (spender == address(0)) revert ERC20InvalidSpender(address(0));
        _allowances[owner_][spender] = amount;
        emit Approval(owner_, spender, amount);
    }

    function _spendAllowance(address owner_, address spender, uint256 amount) internal {
        uint256 current = _allowances[owner_][spender];
        if (current != type(uint256).max) {
            if (current < amount) revert ERC20InsufficientAllowance(spender, current, amount);
            unchecked {
                _allowances[owner_][spender] = current - amount;
            }
        }
    }
}
