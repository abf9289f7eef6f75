import type { User } from '@affordance/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { openSession } from '../server/open-session.js';
import type { ServeContext } from '../server/serve-context.js';
import { createAuthenticator } from './authenticate.js';
import { checkOrigin } from './check-origin.js';
import { createHttpSessions, type HttpSession, ownerKey } from './http-sessions.js';
import { jsonError } from './json-error.js';
import { readJsonBody } from './read-body.js';

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_IDLE_MS = 30 * 60 * 1000;

/** The Streamable HTTP side of a served registry. */
export interface HttpHandler {
  fetch(request: Request): Promise<Response>;
  /** The port the server listens on, for the default Host/Origin checks. */
  setPort(port: number | undefined): void;
  readonly sessionCount: number;
  /** The largest body accepted, in bytes. */
  readonly maxBodyBytes: number;
  close(): void;
}

/**
 * Handle Streamable HTTP requests in order: Host/Origin check (403), bearer authentication (401), then per
 * method: POST bodies are size-checked (413) and parsed, `initialize` opens a session bound to the caller, and
 * every other request goes to its session's transport (404 for an unknown session or one of another principal).
 */
export function createHttpHandler(shared: ServeContext): HttpHandler {
  const { options } = shared;
  const authenticate = createAuthenticator(options);
  const sessions = createHttpSessions(options.sessionIdleMs ?? DEFAULT_IDLE_MS);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  let port: number | undefined;

  const open = (user: User | undefined): HttpSession => {
    const state = openSession(shared, options.user);
    const session: HttpSession = {
      state,
      owner: ownerKey(user ?? options.user),
      timer: undefined,
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => sessions.add(id, session),
        onsessionclosed: (id) => sessions.close(id),
        ...(options.jsonResponse ? { enableJsonResponse: true } : {}),
        ...(options.eventStore ? { eventStore: options.eventStore } : {}),
        ...(options.retryInterval !== undefined ? { retryInterval: options.retryInterval } : {}),
      }),
    };
    return session;
  };

  return {
    async fetch(request) {
      if (options.dnsRebindingProtection !== false) {
        const refused = checkOrigin(request, { ...options, ...(port !== undefined ? { port } : {}) });
        if (refused) return refused;
      }
      const auth = await authenticate(request);
      if ('refused' in auth) return auth.refused;
      const authInfo = auth.user
        ? {
            token: auth.token ?? '',
            clientId: auth.user.id,
            scopes: [...(auth.user.roles ?? [])],
            extra: { user: auth.user },
          }
        : undefined;
      const handleOptions = (parsedBody?: unknown) => ({
        ...(parsedBody !== undefined ? { parsedBody } : {}),
        ...(authInfo ? { authInfo } : {}),
      });
      const method = request.method.toUpperCase();
      if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
        return jsonError(405, -32000, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
      }
      let parsed: unknown;
      if (method === 'POST') {
        const read = await readJsonBody(request, maxBody);
        if ('refused' in read) return read.refused;
        parsed = read.body;
      }
      const sessionId = request.headers.get('mcp-session-id');
      if (sessionId === null) {
        if (method !== 'POST' || !isInitializeRequest(parsed)) {
          return jsonError(
            400,
            -32000,
            'Bad Request: no Mcp-Session-Id header; start with an initialize request',
          );
        }
        if (sessions.size >= (options.maxSessions ?? 1000)) {
          return jsonError(503, -32000, 'Service Unavailable: too many open sessions, try again later');
        }
        const session = open(auth.user);
        await session.state.server.connect(session.transport);
        const response = await session.transport.handleRequest(request, handleOptions(parsed));
        // The transport refused the handshake (bad Accept or Content-Type): nothing will use this server.
        if (session.transport.sessionId === undefined) await session.state.server.close();
        return response;
      }
      const session = sessions.get(sessionId);
      if (!session || session.owner !== ownerKey(auth.user ?? options.user)) {
        return jsonError(404, -32001, 'Session not found');
      }
      sessions.touch(session, sessionId);
      return session.transport.handleRequest(request, handleOptions(parsed));
    },
    setPort(value) {
      port = value;
    },
    get sessionCount() {
      return sessions.size;
    },
    maxBodyBytes: maxBody,
    close: () => sessions.closeAll(),
  };
}
