import { AffordanceError } from '@affordance/core';

/**
 * A JSON-RPC error to throw from a request handler: the SDK sends `code`, `message` and `data` as they are
 * (an `McpError` would send its message with an "MCP error <code>:" prefix, which the client then adds again).
 */
export class ProtocolError extends AffordanceError<number> {
  static override readonly errorName = 'ProtocolError';
  constructor(
    /** The JSON-RPC error code (`-32602` invalid params, …), the stable code of this error. */
    code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(code, message);
  }
}
