// Issue 15: every call that reached a handler leaves exactly one audit record, whatever its call-level fields hold,
// through registry.run, REST, AG-UI and MCP, on the memory store and on PGlite. Random and hostile text goes into
// every field; the handler counts its runs (with the call id it was given) and the audit is compared with them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiRun, type CountingServer, mcpClient, post, startCountingServer } from './audit-server.js';
import { hostilePayload, hostileText, pathSegment } from './hostile-text.js';

const RUNS = { inProcess: 200, rest: 100, agui: 50, mcp: 60 };

describe.each(['memory', 'pglite'] as const)('one audit record per handler run (%s store)', (kind) => {
  let server: CountingServer;
  let markers = 0;
  const marker = () => `marker-${++markers}`;
  /** Call ids seen so far: callers send them as their tool-call ids, to try to take over another call's id. */
  const seen: string[] = [];
  const knownCallId = fc.nat().map((index) => seen[index % Math.max(seen.length, 1)] ?? 'call_0');
  const toolCallId = fc.oneof(hostileText, knownCallId);
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constant('count') },
    { weight: 1, arbitrary: hostileText },
  );

  beforeAll(async () => {
    server = await startCountingServer(kind);
  }, 120_000);
  afterAll(() => server?.close());

  const remember = (callId: unknown) => {
    if (typeof callId === 'string') seen.push(callId);
  };

  it('through registry.run, with every field hostile (user included)', async () => {
    const call = fc.record(
      {
        name,
        sessionId: hostileText,
        idempotencyKey: hostileText,
        toolCallId,
        callId: toolCallId,
        payload: hostilePayload,
        user: fc.record(
          { id: hostileText, tenantId: hostileText, roles: fc.array(hostileText, { maxLength: 2 }) },
          { requiredKeys: ['id'] },
        ),
        context: fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
      },
      { requiredKeys: ['name'] },
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ payload, ...fields }) => {
        const result = await server.registry.run({ ...fields, args: { marker: marker(), payload } });
        expect(typeof result.ok).toBe('boolean');
        remember(result.callId);
      }),
      { numRuns: RUNS.inProcess },
    );
    await expectOneRecordPerRun(server);
  }, 180_000);

  it('through REST over HTTP: typed answers, never a 500 or a database message', async () => {
    const call = fc.record(
      {
        name,
        sessionId: hostileText,
        idempotencyKey: hostileText,
        toolCallId,
        payload: hostilePayload,
        context: fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
      },
      { requiredKeys: ['name'] },
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ name: action, payload, ...fields }) => {
        const { status, text } = await post(`${server.url}/api/actions/${pathSegment(action)}/run`, {
          args: { marker: marker(), payload },
          ...fields,
        });
        // 431: Node's own limit on a request line (a huge action name in the path), before any route.
        expect([200, 400, 404, 413, 431]).toContain(status);
        if (status === 431) return;
        expectNoDatabaseText(text);
        const body = JSON.parse(text) as { ok?: unknown; callId?: unknown; error?: { code?: unknown } };
        expect(typeof body.ok === 'boolean' || typeof body.error?.code === 'string').toBe(true);
        remember(body.callId);
      }),
      { numRuns: RUNS.rest },
    );
    await expectOneRecordPerRun(server);
  }, 180_000);

  it('through AG-UI over HTTP: hostile thread, run and message ids, and hostile tool-call ids from the model', async () => {
    const run = fc.record({
      threadId: hostileText,
      runId: hostileText,
      messageId: hostileText,
      callId: toolCallId,
      name,
      payload: hostilePayload,
      state: fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(run, async ({ callId, name: action, payload, ...input }) => {
        const { status, text } = await aguiRun(server.url, {
          ...input,
          calls: [{ id: callId, name: action, args: { marker: marker(), payload } }],
        });
        expect([200, 400, 413]).toContain(status);
        expectNoDatabaseText(text);
        if (status === 200) {
          expect(text).toContain('RUN_FINISHED');
          expect(text).not.toContain('agent_failed');
        } else expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String) } });
      }),
      { numRuns: RUNS.agui },
    );
    await expectOneRecordPerRun(server);
  }, 180_000);

  it('through MCP over HTTP (the official client): results or typed protocol errors, never an internal error', async () => {
    const client = await mcpClient(server.url);
    try {
      await fc.assert(
        fc.asyncProperty(name, hostilePayload, async (tool, payload) => {
          try {
            const result = await client.callTool({ name: tool, arguments: { marker: marker(), payload } });
            expectNoDatabaseText(JSON.stringify(result));
          } catch (error) {
            // An unknown tool is a protocol error (-32602), not an internal one (-32603).
            expect((error as { code?: unknown }).code).toBe(-32602);
          }
        }),
        { numRuns: RUNS.mcp },
      );
    } finally {
      await client.close();
    }
    await expectOneRecordPerRun(server);
  }, 180_000);
});

/** Postgres and PGlite error texts that must never reach a caller. */
function expectNoDatabaseText(text: string): void {
  expect(text).not.toMatch(
    /invalid byte sequence|unsupported Unicode escape|syntax error at or near|violates/,
  );
  expect(text).not.toContain('internal_error');
}

const ranBefore = new WeakMap<CountingServer, number>();

// What `newId('call')` makes: the pipeline's call ids, never a caller's.
const PIPELINE_CALL_ID = /^call_[0-9a-f]{16}[0-9a-z]{6,}$/;

/**
 * The invariant: each handler run has exactly one audit record (by the call id the handler saw), every successful
 * record belongs to a handler run, and every record has a call id of the pipeline's, unlike any other record's
 * (whatever tool-call ids callers sent, earlier call ids included).
 */
async function expectOneRecordPerRun(server: CountingServer): Promise<void> {
  // Some calls passed every check and ran: the property says something about handler runs.
  expect(server.invoked.length).toBeGreaterThan(ranBefore.get(server) ?? 0);
  ranBefore.set(server, server.invoked.length);
  const records = await server.records();
  const perCall = new Map<string, number>();
  for (const record of records) perCall.set(record.callId, (perCall.get(record.callId) ?? 0) + 1);
  expect([...perCall.values()].filter((count) => count > 1)).toEqual([]);
  const ran = new Set(server.invoked.map((run) => run.callId));
  expect(ran.size).toBe(server.invoked.length);
  for (const run of server.invoked) expect(perCall.get(run.callId), run.marker).toBe(1);
  for (const record of records) {
    if (record.outcome === 'ok') expect(ran.has(record.callId), record.callId).toBe(true);
    expect(record.callId).toMatch(PIPELINE_CALL_ID);
  }
  if (server.database) {
    const { rows } = await server.database.db.query<{ call_id: string; n: number }>(
      'SELECT call_id, count(*)::int AS n FROM agent_actions GROUP BY call_id HAVING count(*) > 1',
    );
    expect(rows).toEqual([]);
    const stored = await server.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_actions',
    );
    expect(stored.rows[0]?.n).toBe(records.length);
  }
}
