import type { Registry, Store } from '@affordance/core';
import { type MCPServer, type ServeMCPOptions, serveMCP } from '@affordance/mcp';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type Logger, pino } from 'pino';
import { authenticate, localUser, type ServerUsers } from './authenticate.js';
import { homePage } from './home-page.js';
import { mountActionRoutes } from './routes/action-routes.js';
import { mountAguiRoute } from './routes/agui-route.js';
import { mountApprovalRoutes } from './routes/approval-routes.js';
import { mountAuditRoutes } from './routes/audit-routes.js';
import { mountTargetRoutes } from './routes/target-routes.js';
import type { ServerEnv } from './server-env.js';
import { errorResponse, ServerError } from './server-error.js';

/** Options of `createServer`; only `registry` is required. */
export interface ServerOptions {
  readonly registry: Registry;
  /** Where the audit log is read from (default `registry.store`). */
  readonly store?: Store;
  readonly users?: ServerUsers;
  /** Roles that may decide approvals (default: any authenticated user). */
  readonly approverRoles?: readonly string[];
  /** Structured logs (default: silent). */
  readonly logger?: Logger;
  /** Largest request body in bytes (default 1 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** Options of the MCP endpoint at `/mcp`, or false to leave it out. Users and keys come from `users`. */
  readonly mcp?: false | Omit<ServeMCPOptions, 'tokens' | 'user'>;
  /** The model named for the agent (`openai:<model>`); `/agui` reports that the loop is not wired yet. */
  readonly model?: string;
  /** Where the data lives, shown on the home page and in `/api/health`. */
  readonly storage?: string;
}

/** The server: a Hono app, and the MCP server mounted in it (close it on shutdown). */
export interface AffordanceServer {
  readonly app: Hono<ServerEnv>;
  readonly mcp: MCPServer | undefined;
}

/**
 * Build the HTTP API over a registry: `/api/*` (health, targets, actions, tools, run, audit, approvals), `/agui`,
 * `/mcp` and a home page at `/`. Every error is a typed JSON body `{ error: { code, message } }`.
 */
export function createServer(options: ServerOptions): AffordanceServer {
  const { registry } = options;
  const store = options.store ?? registry.store;
  const logger = options.logger ?? pino({ level: 'silent' });
  const deps = { registry, store, logger, approverRoles: options.approverRoles };
  const app = new Hono<ServerEnv>();
  const keys = options.users?.keys ?? {};
  const hasKeys = Object.keys(keys).length > 0;

  app.onError((error, context) => {
    if (error instanceof ServerError) return errorResponse(context, error);
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
  app.use(
    '*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? 1024 * 1024,
      onError: (context) =>
        errorResponse(
          context,
          new ServerError(
            'payload_too_large',
            `the request body is larger than ${options.maxBodyBytes ?? 1024 * 1024} bytes`,
          ),
        ),
    }),
  );

  app.get('/', (context) =>
    context.html(homePage({ actions: registry.names().length, storage: options.storage ?? 'memory' })),
  );
  app.get('/api/health', (context) =>
    context.json({
      ok: true,
      actions: registry.names().length,
      version: registry.version,
      storage: options.storage ?? 'memory',
    }),
  );

  let mcp: MCPServer | undefined;
  if (options.mcp !== false) {
    const server = serveMCP(registry, {
      ...options.mcp,
      ...(hasKeys ? { tokens: keys } : { user: options.users?.local ?? localUser(registry) }),
    });
    mcp = server;
    app.all('/mcp', (context) => server.fetch(context.req.raw));
  }

  // One identity for the API and the AG-UI endpoint.
  const identify: MiddlewareHandler<ServerEnv> = async (context, next) => {
    context.set(
      'user',
      authenticate({
        users: options.users,
        registry,
        authorization: context.req.header('authorization'),
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
  mountAguiRoute(app, { model: options.model });
  return { app, mcp };
}
