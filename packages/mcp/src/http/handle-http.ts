import type { User } from '@affordance/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { openSession } from '../server/open-session.js';
import type { ServeContext } from '../server/serve-context.js';
import { createAuthenticator } from './authenticate.js';
import { createHttpSessions, type HttpSession, ownerKey } from './http-sessions.js';
import { jsonError } from './json-error.js';
import { readJsonBody } from './read-body.js';
import { corsHeaders, createRequestGuard, type GuardVerdict, type RequestGuard } from './request-guard.js';

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_IDLE_MS = 10 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 1000;
const DEFAULT_MAX_SESSIONS_PER_USER = 100;

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
  const authenticate = createAuthenticator({
    ...(options.tokens ? { tokens: options.tokens } : {}),
    ...(options.authenticate ? { authenticate: options.authenticate } : {}),
    ...(shared.oauth ? { oauth: shared.oauth } : {}),
  });
  const sessions = createHttpSessions({
    idleMs: options.sessionIdleMs ?? DEFAULT_IDLE_MS,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    maxPerUser: options.maxSessionsPerUser ?? DEFAULT_MAX_SESSIONS_PER_USER,
  });
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  let guard: RequestGuard | undefined;
  const setGuard = (port: number | undefined) => {
    guard =
      options.dnsRebindingProtection === false
        ? undefined
        : createRequestGuard({ ...options, ...(port !== undefined ? { port } : {}) });
  };
  setGuard(undefined);

  const open = (user: User | undefined): HttpSession => {
    const state = openSession(shared, options.user);
    const session: HttpSession = {
      state,
      owner: ownerKey(user ?? options.user),
      timer: undefined,
      streams: 0,
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
      const verdict: GuardVerdict = guard?.({
        method: request.method,
        headers: request.headers,
        url: request.url,
      }) ?? { kind: 'pass' };
      if (verdict.kind === 'refuse') {
        const { refusal } = verdict;
        const reason = refusal.status === 403 ? 'Forbidden' : 'Unsupported Media Type';
        return jsonError(refusal.status, -32000, `${reason}: ${refusal.message}; ${refusal.hint}`);
      }
      if (verdict.kind === 'preflight')
        return new Response(null, { status: 204, headers: corsHeaders(verdict.corsOrigin, true) });
      const response = await answer(request);
      if (verdict.corsOrigin === undefined) return response;
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(corsHeaders(verdict.corsOrigin))) headers.set(name, value);
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    setPort: setGuard,
    get sessionCount() {
      return sessions.size;
    },
    maxBodyBytes: maxBody,
    close: () => sessions.closeAll(),
  };

  async function answer(request: Request): Promise<Response> {
    const { oauth } = shared;
    if (oauth && request.method === 'GET' && oauth.metadataPaths.includes(new URL(request.url).pathname)) {
      return oauth.metadataResponse();
    }
    const auth = await authenticate(request);
    if ('refused' in auth) return auth.refused;
    const authInfo =
      auth.authInfo ??
      (auth.user
        ? {
            token: auth.token ?? '',
            clientId: auth.user.id,
            scopes: [...(auth.user.roles ?? [])],
            extra: { user: auth.user },
          }
        : undefined);
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
      const owner = ownerKey(auth.user ?? options.user);
      const admission = sessions.admit(owner);
      if (!admission.ok) return jsonError(admission.status, -32000, admission.message);
      const session = open(auth.user);
      try {
        await session.state.server.connect(session.transport);
        return await session.transport.handleRequest(request, handleOptions(parsed));
      } finally {
        // The transport refused the handshake (bad Accept or Content-Type): nothing will use this server.
        if (session.transport.sessionId === undefined) {
          sessions.cancel(owner);
          await session.state.server.close();
        }
      }
    }
    const session = sessions.get(sessionId);
    if (!session || session.owner !== ownerKey(auth.user ?? options.user)) {
      return jsonError(404, -32001, 'Session not found');
    }
    sessions.touch(session, sessionId);
    const response = await session.transport.handleRequest(request, handleOptions(parsed));
    if (method !== 'GET' || response.status !== 200 || !response.body) return response;
    // The session's server-to-client stream is open: the session is not idle until it ends.
    const release = sessions.streamOpened(session, sessionId);
    request.signal.addEventListener('abort', release, { once: true });
    return new Response(untilEnd(response.body, release), {
      status: response.status,
      headers: response.headers,
    });
  }
}

/** The same bytes as `body`, calling `ended` once the stream ends, fails or is cancelled by the reader. */
function untilEnd(body: ReadableStream<Uint8Array>, ended: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          ended();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        ended();
        controller.error(error);
      }
    },
    cancel(reason) {
      ended();
      return reader.cancel(reason);
    },
  });
}
