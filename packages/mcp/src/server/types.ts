import type { Target, User } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';
import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type {
  GetPromptResult,
  Implementation,
  LoggingLevel,
  PromptArgument,
  ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { MCPOAuthOptions } from '../auth/types.js';

/** Who is asking, as prompt, resource and completion functions see it. */
export interface MCPCaller {
  readonly user: User | undefined;
  readonly sessionId: string | undefined;
}

/** A fixed resource served beside the targets. */
export interface MCPResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  read(caller: MCPCaller): ReadResourceResult | Promise<ReadResourceResult>;
}

/** A family of resources named by an RFC 6570 URI template (`test://template/{id}/data`). */
export interface MCPResourceTemplate {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  read(
    uri: string,
    variables: Record<string, string | string[]>,
    caller: MCPCaller,
  ): ReadResourceResult | Promise<ReadResourceResult>;
  /** Suggestions for a variable's value (`completion/complete`). */
  readonly complete?: Readonly<
    Record<string, (value: string, caller: MCPCaller) => string[] | Promise<string[]>>
  >;
}

/** A prompt served beside the built-in "available actions" prompt. */
export interface MCPPrompt {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly arguments?: readonly PromptArgument[];
  get(args: Record<string, string>, caller: MCPCaller): GetPromptResult | Promise<GetPromptResult>;
  /** Suggestions for an argument's value (`completion/complete`). */
  readonly complete?: Readonly<
    Record<string, (value: string, caller: MCPCaller) => string[] | Promise<string[]>>
  >;
}

/** Options of `serveMCP`; all optional. */
export interface ServeMCPOptions {
  /** Name and version in the `initialize` answer (default `affordance` `0.1.0`). */
  readonly serverInfo?: Implementation;
  readonly instructions?: string;
  /** The principal of connections without authentication: stdio, or HTTP when no tokens are configured. */
  readonly user?: User;
  /** App context for `available` and `run`; when set, tool lists are computed afresh on every `tools/list`. */
  readonly context?: (caller: MCPCaller) => Record<string, unknown>;
  /** Expose the registry's targets as read-only JSON resources (default true); `filter` hides some per user. */
  readonly targets?: boolean | { readonly filter?: (target: Target, user: User | undefined) => boolean };
  readonly resources?: readonly MCPResource[];
  readonly resourceTemplates?: readonly MCPResourceTemplate[];
  readonly prompts?: readonly MCPPrompt[];
  /** The "AVAILABLE ACTIONS" prompt (default name `available_actions`); false leaves it out. */
  readonly actionsPrompt?: false | { readonly name?: string; readonly targetParam?: string };
  /** Tools per `tools/list` page (default: all in one page). */
  readonly pageSize?: number;
  /**
   * Calls that need approval: by default a client that declared form elicitation is asked (`elicitation/create`)
   * and the person's answer is recorded in the approvals inbox as the caller's decision; `elicit: false` (or a
   * function answering false for a caller and approval) leaves the decision to the inbox, e.g. when someone other
   * than the caller must approve (separation of duties). A waiting call's result names its approval and the
   * status tool (default `approval_status`, listed to callers who can see an action needing approval; `false`
   * hides it) that reads its outcome later.
   */
  readonly approvals?: {
    readonly elicit?: boolean | ((caller: MCPCaller, approval: PendingApproval) => boolean);
    readonly statusTool?: string | false;
    /** How long the person has to answer the form, in ms (default 10 minutes); then the call stays pending. */
    readonly elicitTimeoutMs?: number;
  };
  /** Level of log notifications until the client sets one with `logging/setLevel` (default `info`). */
  readonly logLevel?: LoggingLevel;

  /** HTTP: bearer token → user. Any request without a listed token is answered 401. */
  readonly tokens?: Readonly<Record<string, User>>;
  /**
   * HTTP: the endpoint as an OAuth 2.1 protected resource (MCP authorization): bearer JWTs verified against the
   * authorization server's keys (checked after `tokens`), Protected Resource Metadata served, scopes mapped to roles.
   */
  readonly oauth?: MCPOAuthOptions;
  /** HTTP: find the user of a request (checked after `tokens` and `oauth`); undefined means unauthenticated (401). */
  readonly authenticate?: (request: Request) => User | undefined | Promise<User | undefined>;
  /**
   * HTTP: `Host` values accepted besides localhost, 127.0.0.1 and [::1] (on the listener's port when it knows it):
   * `name`, `name:port`, `.domain` (and its subdomains) or `*`.
   */
  readonly allowedHosts?: readonly string[];
  /** HTTP: origins of other sites' pages that may call the endpoint (they get CORS headers); same-origin always may. */
  readonly allowedOrigins?: readonly string[];
  /** HTTP: the cross-site and DNS-rebinding guard (`createRequestGuard`; default true). */
  readonly dnsRebindingProtection?: boolean;
  /** HTTP: largest request body in bytes (default 4 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** HTTP: answer POSTs with JSON instead of an SSE stream (no progress or log notifications then). */
  readonly jsonResponse?: boolean;
  /** HTTP: keeps sent events so a client can resume a broken stream (`Last-Event-ID`). */
  readonly eventStore?: EventStore;
  /** HTTP: reconnection delay suggested to clients, in ms (sent with the event store's priming event). */
  readonly retryInterval?: number;
  /** HTTP: close sessions idle this long, in ms (default 10 minutes). */
  readonly sessionIdleMs?: number;
  /**
   * HTTP: most sessions open at once (default 1000). When full, the idlest session of the principal holding the
   * most is closed for a principal holding fewer; else `initialize` gets 503.
   */
  readonly maxSessions?: number;
  /** HTTP: most sessions one principal (user id) may hold (default 100); more get 429. */
  readonly maxSessionsPerUser?: number;
}
