/**
 * A JSON-RPC error to throw from a request handler: the SDK sends `code`, `message` and `data` as they are
 * (an `McpError` would send its message with an "MCP error <code>:" prefix, which the client then adds again).
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
