// Issue 15: a tool-call id chosen by a client or a model never becomes a call id; two calls sent with the same one
// are two audit rows with two call ids, the id they were sent with kept beside them (`tool_call_id`). And a bad
// call-level field is a typed 400 before anything runs, whatever store is behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiRun, type CountingServer, mcpClient, post, startCountingServer } from './audit-server.js';

let server: CountingServer;
beforeAll(async () => {
  server = await startCountingServer('pglite');
}, 120_000);
afterAll(() => server?.close());

/** The raw `agent_actions` rows sent with one tool-call id. */
async function rowsWithToolCallId(toolCallId: string) {
  const { rows } = await server.database!.db.query<{
    call_id: string;
    tool_call_id: string;
    outcome: string;
  }>('SELECT call_id, tool_call_id, outcome FROM agent_actions WHERE tool_call_id = $1 ORDER BY seq', [
    toolCallId,
  ]);
  return rows;
}

describe('call ids are made by the server', () => {
  it('REST: two calls with the same toolCallId are two rows with distinct call ids', async () => {
    const first = await post(`${server.url}/api/actions/count/run`, { args: {}, toolCallId: 'toolu_same' });
    const second = await post(`${server.url}/api/actions/count/run`, { args: {}, toolCallId: 'toolu_same' });
    const [a, b] = [JSON.parse(first.text), JSON.parse(second.text)];
    expect(a).toMatchObject({ ok: true, toolCallId: 'toolu_same' });
    expect(b).toMatchObject({ ok: true, toolCallId: 'toolu_same' });
    expect(a.callId).not.toBe(b.callId);
    expect(await rowsWithToolCallId('toolu_same')).toEqual([
      { call_id: a.callId, tool_call_id: 'toolu_same', outcome: 'ok' },
      { call_id: b.callId, tool_call_id: 'toolu_same', outcome: 'ok' },
    ]);
  });

  it('REST: a toolCallId equal to another call’s callId does not take that call id over', async () => {
    const victim = JSON.parse((await post(`${server.url}/api/actions/count/run`, { args: {} })).text);
    const attacker = JSON.parse(
      (await post(`${server.url}/api/actions/count/run`, { args: {}, toolCallId: victim.callId })).text,
    );
    expect(attacker.callId).not.toBe(victim.callId);
    const { rows } = await server.database!.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_actions WHERE call_id = $1',
      [victim.callId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('AG-UI: a model that gives two calls the same tool-call id gets two rows with distinct call ids', async () => {
    for (const threadId of ['thread-one', 'thread-two']) {
      const run = await aguiRun(server.url, {
        threadId,
        calls: [{ id: 'call_from_model', name: 'count', args: { marker: threadId } }],
      });
      expect(run.status).toBe(200);
      expect(run.text).toContain('RUN_FINISHED');
    }
    const rows = await rowsWithToolCallId('call_from_model');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.call_id).not.toBe(rows[1]?.call_id);
    const ran = server.invoked.filter((run) => run.toolCallId === 'call_from_model').map((run) => run.callId);
    expect(ran.sort()).toEqual(rows.map((row) => row.call_id).sort());
  });

  it('MCP: two clients’ calls (the same JSON-RPC request ids) are two rows with distinct call and tool-call ids', async () => {
    const clients = [await mcpClient(server.url), await mcpClient(server.url)];
    try {
      const before = server.invoked.length;
      for (const client of clients) await client.callTool({ name: 'count', arguments: { marker: 'mcp' } });
      const runs = server.invoked.slice(before);
      expect(runs).toHaveLength(2);
      expect(runs[0]!.callId).not.toBe(runs[1]!.callId);
      expect(runs[0]!.toolCallId).not.toBe(runs[1]!.toolCallId);
      for (const run of runs)
        expect(await rowsWithToolCallId(run.toolCallId!)).toEqual([
          { call_id: run.callId, tool_call_id: run.toolCallId, outcome: 'ok' },
        ]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
});

describe('a bad call-level field is a typed 400 before anything runs', () => {
  it.each([
    ['sessionId', { sessionId: 'a\u0000b' }, 'U+0000'],
    ['idempotencyKey', { idempotencyKey: 'k\u0000' }, 'U+0000'],
    ['toolCallId', { toolCallId: 'x'.repeat(300) }, '300 characters'],
  ])(
    'REST %s: 400 invalid_request naming the field, no handler run, one audit row',
    async (field, fields, text) => {
      const before = server.invoked.length;
      const { status, text: body } = await post(`${server.url}/api/actions/count/run`, {
        args: {},
        ...fields,
      });
      expect(status).toBe(400);
      const { error } = JSON.parse(body);
      expect(error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(field) });
      expect(error.message).toContain(text);
      expect(body).not.toMatch(/invalid byte sequence|0x00/);
      expect(server.invoked.length).toBe(before);
      const { rows } = await server.database!.db.query<{ error_message: string }>(
        "SELECT error_message FROM agent_actions WHERE error_code = 'invalid_args' ORDER BY seq DESC LIMIT 1",
      );
      expect(rows[0]?.error_message).toContain(field);
    },
  );

  it.each([
    ['threadId', { threadId: 'thread\u0000' }],
    ['runId', { runId: '\ud800' }],
    ['messages[0].id', { messageId: 'm\u202e' }],
  ])('AG-UI %s: 400 invalid_request before the run starts', async (where, input) => {
    const before = server.invoked.length;
    const { status, text } = await aguiRun(server.url, {
      ...input,
      calls: [{ id: 'c', name: 'count', args: {} }],
    });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringContaining(where) },
    });
    expect(server.invoked.length).toBe(before);
  });
});
