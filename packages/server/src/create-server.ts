import type { Registry, Store } from '@affordance/core';
import type { ConfiguredRun } from '@affordance/core/agent';
import { type ConversationStore, createMemoryConversationStore } from '@affordance/core/ports';
import { type MCPServer, type ServeMCPOptions, serveMCP } from '@affordance/mcp';
import { Hono, type MiddlewareHandler } from 'hono';
import { type Logger, pino } from 'pino';
import { type ModelSource, modelName } from './agui/resolve-model.js';
import { approvalPolicy, decisionRefusal } from './approval-policy.js';
import { authenticate, localUser, type ServerUsers } from './authenticate.js';
import { createEventHub, type EventHub } from './events/event-hub.js';
import { createEventStreams, type EventStreamLimits, type EventStreams } from './events/event-streams.js';
import { guardRequests } from './guard-requests.js';
import { homePage } from './home-page.js';
import { limitBody } from './limit-body.js';
import { route } from './openapi/define-route.js';
import { OPENAPI_DESCRIPTION } from './openapi/openapi-document.js';
import { mountOpenAPIRoute } from './openapi/openapi-route.js';
import { requestHeader } from './request-header.js';
import { mountActionRoutes } from './routes/action-routes.js';
import { mountAguiRoute } from './routes/agui-route.js';
import { mountApprovalRoutes } from './routes/approval-routes.js';
import { mountAuditRoutes } from './routes/audit-routes.js';
import { mountEventRoutes } from './routes/event-routes.js';
import { mountHealthRoute } from './routes/health-route.js';
import { mountMcpRoute } from './routes/mcp-route.js';
import { mountSessionRoutes } from './routes/session-routes.js';
import { mountSuggestionRoutes, type SuggestionOptions } from './routes/suggestion-routes.js';
import { mountTargetRoutes } from './routes/target-routes.js';
import { DEFAULT_CONSOLE_DIR, mountConsole } from './serve-console.js';
import type { ServerEnv } from './server-env.js';
import { errorResponse, ServerError } from './server-error.js';
import { traceRegistry } from './trace-registry.js';

/** Options of `createServer`; only `registry` is required. */
export interface ServerOptions {
  readonly registry: Registry;
  /** Where the audit log is read from (default `registry.store`). */
  readonly store?: Store;
  readonly users?: ServerUsers;
  /** Roles that may decide approvals when API keys are configured (default `['admin']`). */
  readonly approverRoles?: readonly string[];
  /**
   * Whether the user who asked for a call may approve it too (default: only without API keys, where the one local
   * user must be able to approve in the console; a keyed server refuses it unless this is true).
   */
  readonly allowSelfApproval?: boolean;
  /**
   * Roles that may read every user's audit records and live calls (default `['admin']`); other key holders see
   * their own. Without API keys the local user sees everything.
   */
  readonly auditorRoles?: readonly string[];
  /** Structured logs (default: silent). */
  readonly logger?: Logger;
  /**
   * OpenTelemetry spans for every call of the registry (default true): `traceCalls()` from `@affordance/core/tracing`,
   * recorded by whatever SDK is registered with `@opentelemetry/api` (without one it costs a check per call).
   */
  readonly tracing?: boolean;
  /** Largest request body in bytes (default 1 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /**
   * Options of the MCP endpoint at `/mcp`, or false to leave it out. Users and keys come from `users`; `oauth` makes
   * it an OAuth protected resource too (its metadata served at `/.well-known/oauth-protected-resource[/mcp]`).
   */
  readonly mcp?: false | Omit<ServeMCPOptions, 'tokens' | 'user'>;
  /** What an agent.json turns on in `/agui` runs (`configuredRun`): completion conditions, the action detector. */
  readonly agent?: ConfiguredRun;
  /** The agent's model for `/agui`: a `LanguageModel`, or `openai:<model>` / `anthropic:<model>` / `gemini:<model>` (key and base URL from the environment). */
  readonly model?: ModelSource;
  /** Where sessions and their messages live (default: the store's `conversations`, else in memory). */
  readonly conversations?: ConversationStore;
  /** Where the data lives, shown in `/api/health` to a signed-in caller (or, without keys, one on this machine). */
  readonly storage?: string;
  /** The built web console served at `/` (default the package's `console` folder), or false for the plain home page. */
  readonly consoleDir?: string | false;
  /**
   * `Host` names served besides localhost, 127.0.0.1 and [::1]: `name`, `name:port`, `.domain` (with its
   * subdomains) or `*`; any other Host is refused (403 `forbidden_host`) against DNS rebinding.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origins of other sites' pages that may call the API (`https://app.example.com`, `https://*.example.com`); they
   * get CORS headers. Any other cross-site request is refused (403 `forbidden_origin`).
   */
  readonly allowedOrigins?: readonly string[];
  /** `GET /api/suggestions`: whether the model writes next prompts, its calls per user per minute, its timeout. */
  readonly suggestions?: SuggestionOptions;
  /** Limits of `/api/events`: streams per user (16) and in total (256), events queued per slow reader (256). */
  readonly eventStreams?: EventStreamLimits;
}

/** The server: a Hono app, and the MCP server mounted in it (close it on shutdown). */
export interface AffordanceServer {
  readonly app: Hono<ServerEnv>;
  readonly mcp: MCPServer | undefined;
  /** What `/api/events` streams; close it on shutdown (it flushes events relayed to other processes). */
  readonly events: EventHub;
  /** The open `/api/events` streams, their limits and counts. */
  readonly streams: EventStreams;
}

/**
 * Build the HTTP API over a registry: `/api/*` (health, targets, actions, tools, run, audit, approvals), `/agui`,
 * `/mcp` and a home page at `/`. Every error is a typed JSON body `{ error: { code, message } }`.
 */
export function createServer(options: ServerOptions): AffordanceServer {
  const { registry } = options;
  if (options.tracing !== false) traceRegistry(registry);
  const store = options.store ?? registry.store;
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = new Hono<ServerEnv>();
  const keys = options.users?.keys ?? {};
  const hasKeys = Object.keys(keys).length > 0;
  const events = createEventHub({ registry, relay: store.events, logger });
  const deps = {
    registry,
    store,
    logger,
    approvals: approvalPolicy({
      keyed: hasKeys,
      ...(options.approverRoles ? { approverRoles: options.approverRoles } : {}),
      ...(options.allowSelfApproval !== undefined ? { allowSelfApproval: options.allowSelfApproval } : {}),
    }),
    users: () => (hasKeys ? Object.values(keys) : [options.users?.local ?? localUser(registry)]),
    auditorRoles: options.auditorRoles ?? ['admin'],
    keyed: hasKeys,
    events,
    streams: createEventStreams(events, options.eventStreams),
  };

  app.onError((error, context) => {
    if (ServerError.isInstance(error)) return errorResponse(context, error);
    logger.error({ err: error, path: context.req.path }, 'request failed');
    return errorResponse(
      context,
      new ServerError('internal_error', 'the server failed to answer this request'),
    );
  });
  app.notFound((context) =>
    errorResponse(
      context,
      new ServerError('not_found', `no route ${context.req.method} ${context.req.path}`),
    ),
  );

  // One log line per request at level info; nothing at all (not even the clock) when the logger is quieter.
  if (logger.isLevelEnabled('info')) {
    app.use('*', async (context, next) => {
      const started = performance.now();
      await next();
      logger.info(
        {
          method: context.req.method,
          path: context.req.path,
          status: context.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    });
  }
  // Before any route, `/mcp` included: cross-site requests and DNS-rebinding names are refused here.
  app.use(
    '*',
    guardRequests(
      {
        ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
        ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
      },
      logger,
    ),
  );
  app.use(
    '*',
    limitBody(options.maxBodyBytes ?? 1024 * 1024, (context) =>
      errorResponse(
        context,
        new ServerError(
          'payload_too_large',
          `the request body is larger than ${options.maxBodyBytes ?? 1024 * 1024} bytes`,
        ),
      ),
    ),
  );

  const home = () => homePage({ actions: registry.names().length });
  if (options.consoleDir === false) {
    route(app, {
      method: 'get',
      path: '/',
      operationId: 'getHomePage',
      summary: 'The home page (when the console is not served)',
      tags: ['meta'],
      authenticated: false,
      responses: { 200: { description: 'Home page', contentType: 'text/html' } },
      handler: (context) => context.html(home()),
    });
  } else mountConsole(app, { dir: options.consoleDir ?? DEFAULT_CONSOLE_DIR, fallback: home });
  mountHealthRoute(app, {
    registry,
    storage: options.storage ?? 'memory',
    model: modelName(options.model),
    // Where the data lives is for the signed-in caller (any key, or this machine without keys) only.
    trusted: (context) => {
      try {
        authenticate({
          users: options.users,
          registry,
          authorization: requestHeader(context, 'authorization'),
          remoteAddress: context.env?.incoming?.socket?.remoteAddress,
        });
        return true;
      } catch {
        return false;
      }
    },
  });

  let mcp: MCPServer | undefined;
  if (options.mcp !== false) {
    const server = serveMCP(registry, {
      ...options.mcp,
      // Asking the caller over MCP elicitation is the caller deciding: only when this server's policy lets them.
      approvals: {
        elicit: (caller, approval) =>
          caller.user !== undefined && decisionRefusal(caller.user, approval, deps) === undefined,
        ...options.mcp?.approvals,
      },
      // The server's own guard (above) already checked Host and Origin with the same code.
      dnsRebindingProtection: false,
      // With OAuth and no keys, every MCP request needs an access token: no local user stands in.
      ...(hasKeys
        ? { tokens: keys }
        : options.mcp?.oauth
          ? {}
          : { user: options.users?.local ?? localUser(registry) }),
    });
    mcp = server;
    mountMcpRoute(app, server);
  }

  // One identity for the API and the AG-UI endpoint.
  const identify: MiddlewareHandler<ServerEnv> = async (context, next) => {
    context.set(
      'user',
      authenticate({
        users: options.users,
        registry,
        authorization: requestHeader(context, 'authorization'),
        remoteAddress: context.env?.incoming?.socket?.remoteAddress,
      }),
    );
    await next();
  };
  app.use('/api/*', identify);
  app.use('/agui', identify);

  mountTargetRoutes(app, deps);
  mountActionRoutes(app, deps);
  mountAuditRoutes(app, deps);
  mountApprovalRoutes(app, deps);
  mountEventRoutes(app, deps);
  mountSuggestionRoutes(app, { registry, logger, model: options.model, options: options.suggestions });
  const conversations =
    options.conversations ??
    (store as Store & { conversations?: ConversationStore }).conversations ??
    createMemoryConversationStore();
  mountSessionRoutes(app, { conversations });
  mountAguiRoute(app, {
    registry,
    conversations,
    logger,
    model: options.model,
    agent: options.agent,
    decisionRefusal: (user, approval) => decisionRefusal(user, approval, deps),
  });
  mountOpenAPIRoute(app, { title: 'Affordance', version: '0.1.0', description: OPENAPI_DESCRIPTION });
  return { app, mcp, events, streams: deps.streams };
}
