import type { Logger } from '@affordance/core';
import type { ClientCapabilities, Implementation } from '@modelcontextprotocol/sdk/types.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { passesLevel } from './log-level.js';
import { loggerOver, type MCPSession, requireCapability } from './mcp-session.js';
import type { HandlerExtra, SessionState } from './serve-context.js';

/**
 * The `ctx.services.mcp` of one `tools/call`: everything it sends is tied to that request. A class, so a call
 * that never uses it costs one small object rather than a set of closures.
 */
export class CallServices implements MCPSession {
  #logger: Logger | undefined;

  constructor(
    private readonly session: SessionState,
    private readonly extra: HandlerExtra,
    readonly sessionId: string,
  ) {}

  get clientInfo(): Implementation | undefined {
    return this.session.server.getClientVersion();
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return this.session.server.getClientCapabilities();
  }

  get logger(): Logger {
    this.#logger ??= loggerOver((level, data, logger) => this.log(level, data, logger));
    return this.#logger;
  }

  async log(...[level, data, logger]: Parameters<MCPSession['log']>): Promise<void> {
    if (!passesLevel(level, this.session.level)) return;
    await this.extra.sendNotification({
      method: 'notifications/message',
      params: { level, data, ...(logger ? { logger } : {}) },
    });
  }

  async createMessage(params: Parameters<MCPSession['createMessage']>[0]) {
    requireCapability(this.clientCapabilities, 'sampling', 'sample its model');
    return this.extra.sendRequest({ method: 'sampling/createMessage', params }, CreateMessageResultSchema, {
      signal: this.extra.signal,
    });
  }

  async elicitInput(params: Parameters<MCPSession['elicitInput']>[0]) {
    requireCapability(this.clientCapabilities, 'elicitation', 'ask the person for input');
    return this.extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema, {
      signal: this.extra.signal,
    });
  }

  closeStream(): void {
    this.extra.closeSSEStream?.();
  }
}
