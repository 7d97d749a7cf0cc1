// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title SafeTransfer
/// @notice ERC-20 transfers that accept tokens returning nothing or `true`. A reverting token call
/// bubbles the token's own revert data (so a missing approval surfaces as the token's
/// ERC20InsufficientAllowance); a call that returns false, or a token without code, reverts with
/// TransferFailed.
library SafeTransfer {
    /// @notice Moving `amount` of `token` from `from` to `to` failed without a revert reason.
    error TransferFailed(address token, address from, address to, uint256 amount);

    function safeTransfer(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(IERC20.transfer.selector, to, amount), address(this), to, amount);
    }

    function safeTransferFrom(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(IERC20.transferFrom.selector, from, to, amount), from, to, amount);
    }

    function _call(address token, bytes memory payload, address from, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(payload);
        if (!ok) {
            if (data.length != 0) {
                // solhint-disable-next-line no-inline-assembly
                assembly {
                    revert(add(data, 32), mload(data))
                }
            }
            revert TransferFailed(token, from, to, amount);
        }
        if (data.length == 0) {
            if (token.code.length == 0) revert TransferFailed(token, from, to, amount);
        } else if (data.length != 32 || abi.decode(data, (uint256)) != 1) {
            revert TransferFailed(token, from, to, amount);
        }
    }
}
