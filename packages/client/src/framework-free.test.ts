// @vitest-environment node
// The claim of this package: a view layer needs only `subscribe` and `getSnapshot`. A "view" here is a plain
// function over the snapshots, re-run on every notification, driving a recorded AG-UI human-in-the-loop round trip
// (test/fixtures/agui-events/dotnet-baselines, Step04_HumanInLoop; source and licence in its README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry, defineAction } from '@affordance/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReplayServer, readRecorded, startReplayServer } from '../test-support/agui-replay-server.js';
import { createAgentChat } from './chat/create-agent-chat.js';
import { createToolCallStore } from './tool-calls/create-tool-call-store.js';

const STEP04 = (turn: string) =>
  readRecorded<Record<string, unknown>[]>(
    'Step04_HumanInLoop',
    `PostRun_WithApprovalRequired_RoundTripsThroughBothWrappers_Turn_${turn}.06.Response.Server.AGUI.verified.json`,
  );

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('@affordance/client without a framework', () => {
  it('drives the chat and the tool-call store through a recorded approval round trip with plain subscribers', async () => {
    server = await startReplayServer([STEP04('01'), STEP04('02')]);
    const store = createToolCallStore();
    const registry = createRegistry();
    registry.register(
      defineAction({
        name: 'request_approval',
        description: 'Ask the user to approve a function call',
        input: { type: 'object', properties: { request: { type: 'object' } }, required: ['request'] },
        handler: (_args, ctx) => store.awaitResponse(ctx.toolCallId ?? ctx.callId, ctx.signal),
      }),
    );
    const chat = createAgentChat({ url: server.url, registry, store });

    // The "view": one line per render, and a person who approves as soon as a call asks for it.
    const frames: string[] = [];
    const render = () => {
      const calls = store.getSnapshot().map((call) => `${call.name}:${call.status}`);
      const frame = [chat.getSnapshot().status, ...calls].join(' ');
      if (frames.at(-1) !== frame) frames.push(frame);
      const waiting = store.getSnapshot().find((call) => call.awaitingResponse);
      if (waiting) store.respond(waiting.id, { approval_Id_1: 'ficc_Id_1', approved: true });
    };
    const stopChat = chat.subscribe(render);
    const stopStore = store.subscribe(render);

    await chat.send('Please approve expense report EXP-2024-001');
    stopChat();
    stopStore();

    expect(frames).toEqual([
      'running',
      'running request_approval:pending',
      'running request_approval:executing',
      'running request_approval:complete',
      // Turn 2 reuses call_Id_1 for the agent's own ApproveExpenseReport call, whose result it streams back.
      'running ApproveExpenseReport:pending',
      'running ApproveExpenseReport:executing',
      'running ApproveExpenseReport:complete',
      'idle ApproveExpenseReport:complete',
    ]);
    expect(server.requests).toHaveLength(2);
    expect(String(chat.getSnapshot().messages.at(-1)?.content)).toBe(
      'Done — expense report EXP-2024-001 has been approved and processed.',
    );
  });

  it('imports no UI framework and no Node built-in in the code it ships', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    const declared = Object.keys({
      ...(manifest.dependencies as object),
      ...((manifest.peerDependencies as object | undefined) ?? {}),
    });
    // fast-json-patch applies the agent's STATE_DELTA (RFC 6902); @ag-ui/client uses the same library.
    expect(declared.sort()).toEqual(['@affordance/core', '@ag-ui/client', '@ag-ui/core', 'fast-json-patch']);

    const shipped = sourceFiles(join(root, 'src')).filter((file) => !/\.test(-d)?\.ts$/.test(file));
    expect(shipped.length).toBeGreaterThan(10);
    const imports = shipped.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map(
        (match) => `${relative(root, file)} -> ${match[1] ?? match[2]}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(10);
    const foreign = imports.filter(
      (line) => !/ -> (\.\.?\/|@affordance\/core|@ag-ui\/(client|core)$|fast-json-patch$)/.test(line),
    );
    expect(foreign).toEqual([]);
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}
