import type { Registry, User } from '@affordance/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { LoggingLevel, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { OAuthResource } from '../auth/oauth-resource.js';
import type { MCPCaller, ServeMCPOptions } from './types.js';

/** What every session of one `serveMCP` shares. */
export interface ServeContext {
  readonly registry: Registry;
  readonly options: ServeMCPOptions;
  readonly sessions: Set<SessionState>;
  /** The endpoint as an OAuth protected resource (`options.oauth`), built once. */
  readonly oauth: OAuthResource | undefined;
}

/** One connected client: its low-level SDK server and what it asked for. */
export interface SessionState {
  readonly server: Server;
  /** The client's minimum log level (`logging/setLevel`). */
  level: LoggingLevel;
  /** Resource URIs the client subscribed to. */
  readonly subscriptions: Set<string>;
  /** The principal when a request carries none (stdio, unauthenticated HTTP). */
  readonly defaultUser: User | undefined;
  /** A session id for transports without one (stdio), so history and rate limits still group the calls. */
  readonly fallbackSessionId: string;
  /** Calls made so far; numbers the call ids (`<fallbackSessionId>_<n>`). */
  calls: number;
}

/** The extra argument of an SDK request handler on the server side. */
export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The user and session of one request: the authenticated principal, else the session's default. */
export function callerOf(extra: HandlerExtra, session: SessionState): MCPCaller {
  const authenticated = extra.authInfo?.extra?.user as User | undefined;
  return {
    user: authenticated ?? session.defaultUser,
    sessionId: extra.sessionId ?? session.fallbackSessionId,
  };
}
