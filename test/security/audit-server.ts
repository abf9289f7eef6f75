import type { AddressInfo } from 'node:net';
import {
  type AnyAction,
  createMemoryStore,
  createRegistry,
  defineAction,
  type Registry,
  type Store,
} from '@affordance/core';
import type { LanguageModel, ModelRequest, ModelResponse, ModelStreamPart } from '@affordance/core/agent';
import { type AuditLog, type AuditRecord, createMemoryConversationStore } from '@affordance/core/ports';
import { createPostgresStore, type PostgresStore } from '@affordance/store-postgres';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from '../../packages/server/src/create-server.js';

/** Where a test registry keeps its state. */
export type StoreKind = 'memory' | 'pglite';

/** A real server on 127.0.0.1 over a registry whose `count` action counts its handler's invocations. */
export interface CountingServer {
  readonly url: string;
  readonly registry: Registry;
  readonly audit: AuditLog;
  /** The PGlite store, for reading raw rows (absent for the memory store). */
  readonly database: PostgresStore | undefined;
  /** Every call whose handler ran, in order: its `marker` argument and the call id the handler was given. */
  readonly invoked: Invocation[];
  /** Every audit record, oldest first. */
  records(): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

/** One run of the counting action's handler. */
export interface Invocation {
  readonly marker: string;
  readonly callId: string;
  readonly toolCallId: string | undefined;
}

/** The action every entry point calls: it records each run and answers a constant (it never echoes). */
export function countingAction(invoked: Invocation[]): AnyAction {
  return defineAction({
    name: 'count',
    description: 'Counts how often it runs',
    input: { type: 'object', properties: { marker: { type: 'string' } }, additionalProperties: true },
    handler: (input, ctx) => {
      invoked.push({
        marker: String((input as { marker?: unknown }).marker),
        callId: ctx.callId,
        toolCallId: ctx.toolCallId,
      });
      return 'counted';
    },
  });
}

/**
 * A model for `/agui` that does what the last user message tells it: a message `{"calls": [{ id, name, args }]}`
 * is answered with those tool calls, anything after a tool result with "done". So a test chooses the model's
 * tool-call ids and arguments, hostile ones included.
 */
export function directedModel(): LanguageModel {
  const answer = (request: ModelRequest): ModelResponse => {
    const last = request.messages.at(-1);
    if (last?.role !== 'user') return { text: 'done', toolCalls: [], finishReason: 'stop' };
    const { calls } = JSON.parse(last.content) as {
      calls: Array<{ id: string; name: string; args: Record<string, unknown> }>;
    };
    return { text: '', toolCalls: calls, finishReason: 'tool-calls' };
  };
  return {
    id: 'directed:test',
    supportsTools: true,
    toolFormat: 'openai',
    generate: async (request) => answer(request),
    async *stream(request): AsyncIterable<ModelStreamPart> {
      const response = answer(request);
      if (response.text) yield { type: 'text-delta', delta: response.text };
      for (const call of response.toolCalls) yield { type: 'tool-call', call };
      yield { type: 'response-finish', response };
    },
  };
}

/** Start the real HTTP server (REST, `/agui`, `/mcp`) over `registry` on a free port of 127.0.0.1. */
export async function listen(
  registry: Registry,
  options: { readonly store?: Store; readonly conversations?: PostgresStore['conversations'] } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const { app, mcp, events } = createServer({
    registry,
    ...(options.store ? { store: options.store } : {}),
    conversations: options.conversations ?? createMemoryConversationStore(),
    model: directedModel(),
    consoleDir: false,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await mcp?.close();
      events.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}

/** A counting registry over the chosen store, served over HTTP. */
export async function startCountingServer(kind: StoreKind): Promise<CountingServer> {
  const invoked: Invocation[] = [];
  const database = kind === 'pglite' ? await createPostgresStore({ dataDir: 'memory://' }) : undefined;
  const store: Store = database ?? createMemoryStore();
  const registry = createRegistry({ store, actions: [countingAction(invoked)] });
  const server = await listen(registry, {
    store,
    ...(database ? { conversations: database.conversations } : {}),
  });
  return {
    url: server.url,
    registry,
    audit: store.audit as AuditLog,
    database,
    invoked,
    records: () => allRecords(store.audit as AuditLog),
    async close() {
      await server.close();
      await database?.close();
    },
  };
}

/** Every record of an audit log, oldest first (paging through it). */
export async function allRecords(audit: AuditLog): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await audit.query({ limit: 1000, ...(cursor ? { cursor } : {}) });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records.reverse();
}

/** An MCP client of the server's `/mcp` endpoint (the official SDK over Streamable HTTP). */
export async function mcpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'audit-integrity-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

/** POST a JSON body; answers the status and the raw body text. */
export async function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Run `/agui` once with a user message telling the directed model which tool calls to make. */
export async function aguiRun(
  url: string,
  input: {
    readonly threadId?: unknown;
    readonly runId?: unknown;
    readonly messageId?: unknown;
    readonly state?: unknown;
    readonly calls: ReadonlyArray<{ id: string; name: string; args: Record<string, unknown> }>;
  },
): Promise<{ status: number; text: string }> {
  return post(`${url}/agui`, {
    threadId: input.threadId,
    runId: input.runId,
    messages: [
      {
        id: input.messageId ?? crypto.randomUUID(),
        role: 'user',
        content: JSON.stringify({ calls: input.calls }),
      },
    ],
    tools: [],
    context: [],
    state: input.state,
  });
}
