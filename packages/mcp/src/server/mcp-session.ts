import type { ActionContext, Logger } from '@affordance/core';
import { ActionFailure } from '@affordance/core';
import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * What a handler can reach of the MCP session its call came from, as `ctx.services.mcp` (read it with
 * `mcpSession(ctx)`): logging at the level the client chose, sampling and elicitation requests tied to the call,
 * and, over Streamable HTTP with an event store, closing the call's stream so the client resumes it.
 */
export interface MCPSession {
  readonly sessionId: string | undefined;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** Send `notifications/message` if `level` is at or above the client's level. */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /** A pino-shaped logger writing to `log`. */
  readonly logger: Logger;
  /** Ask the client's model (`sampling/createMessage`); fails with `unavailable` when the client cannot sample. */
  createMessage(params: CreateMessageRequest['params']): Promise<CreateMessageResult>;
  /** Ask the person (`elicitation/create`); fails with `unavailable` when the client cannot elicit. */
  elicitInput(params: ElicitRequestFormParams): Promise<ElicitResult>;
  /** Close this call's SSE stream (the client reconnects and the result is replayed); a no-op elsewhere. */
  closeStream(): void;
}

/** The MCP session a call came through, or undefined when it did not come over MCP. */
export function mcpSession(ctx: Pick<ActionContext, 'services'>): MCPSession | undefined {
  const candidate = ctx.services.mcp as Partial<MCPSession> | undefined;
  return candidate && typeof candidate.log === 'function' && typeof candidate.createMessage === 'function'
    ? (candidate as MCPSession)
    : undefined;
}

/** Fail the call with `unavailable` unless the client declared `capability`. */
export function requireCapability(
  capabilities: ClientCapabilities | undefined,
  capability: 'sampling' | 'elicitation',
  what: string,
): void {
  if (!capabilities?.[capability]) {
    throw new ActionFailure(
      'unavailable',
      `the MCP client did not declare the ${capability} capability, so it cannot ${what}`,
    );
  }
}

/** A pino-shaped logger over an MCP `log` function. */
export function loggerOver(log: MCPSession['log']): Logger {
  const write = (level: LoggingLevel) => (record: object, message?: string) => {
    void log(level, message === undefined ? record : { message, ...record });
  };
  return { debug: write('debug'), info: write('info'), warn: write('warning'), error: write('error') };
}
