// Progress of a running call over /agui: ACTIVITY_SNAPSHOT events checked with @ag-ui/core's schemas and
// @ag-ui/client's verifyEvents, and the model's next turn. The model side replays Chat Completions streams built on a
// recording from test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0); see replay-model.ts.
import { createAgentChat, createToolCallStore } from '@affordance/client';
import { createRegistry, defineAction } from '@affordance/core';
import { fromMCPActionV2 } from '@affordance/core/adapters';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedJson } from '../support/replay-fixtures.js';
import { agentFor, closeAll, expectValidStream, lastRequest, listen, replay, runOnce } from './agui-setup.js';
import { replyFrames } from './replay-model.js';

afterEach(closeAll);

/** An MCP Action Spec v2 action that logs two steps with `logAgentProgress`. */
function syncProfiles() {
  return fromMCPActionV2({
    id: 'syncProfiles',
    title: 'Sync profiles',
    description: 'Copy profiles from the HR system',
    applicableRoles: [],
    capabilityTags: [],
    tags: [],
    suggestedPrerequisites: [],
    suggestedPostrequisites: [],
    usesAI: false,
    argsSchema: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
    actionFn: async (request) => {
      request.logAgentProgress?.('Fetched 12 profiles', { total: 2 });
      request.logAgentProgress?.('Wrote 12 profiles', { total: 2 });
      return { dataForDownstreamPrompt: 'synced' };
    },
  });
}

describe('POST /agui: progress of a running call', () => {
  it('streams ctx.progress as ACTIVITY_SNAPSHOT and hands the messages to the model with the result', async () => {
    const model = await replay([
      replyFrames('Syncing.', [{ id: 'call_sync', name: 'syncProfiles', args: { team: 'core' } }]),
      replyFrames('Synced.'),
    ]);
    const { url, registry } = await listen({ model: model.model });
    registry.register(syncProfiles());
    const agent = agentFor(url, 'thread-progress', 'Sync the core team');
    const { events, types, failure } = await runOnce(agent);
    expect(failure).toBeUndefined();
    await expectValidStream(events);
    const activity = events.filter((event) => event.type === 'ACTIVITY_SNAPSHOT');
    expect(activity).toMatchObject([
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'progress_call_sync',
        activityType: 'tool-progress',
        content: {
          toolCallId: 'call_sync',
          name: 'syncProfiles',
          progress: 1,
          total: 2,
          message: 'Fetched 12 profiles',
        },
      },
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'progress_call_sync',
        activityType: 'tool-progress',
        content: {
          toolCallId: 'call_sync',
          name: 'syncProfiles',
          progress: 2,
          total: 2,
          message: 'Wrote 12 profiles',
        },
      },
    ]);
    // Between the call's end and its result.
    const names = types as string[];
    expect(names.indexOf('ACTIVITY_SNAPSHOT')).toBeGreaterThan(names.indexOf('TOOL_CALL_END'));
    expect(names.lastIndexOf('ACTIVITY_SNAPSHOT')).toBeLessThan(names.indexOf('TOOL_CALL_RESULT'));
    // The official client keeps one activity message, replaced by the last report.
    expect(agent.messages.filter((message) => message.role === 'activity')).toEqual([
      expect.objectContaining({
        id: 'progress_call_sync',
        content: expect.objectContaining({ progress: 2 }),
      }),
    ]);
    const toolMessage = (lastRequest(model).messages as RecordedJson[]).find(
      (message) => message.role === 'tool',
    );
    expect(toolMessage?.content).toBe(
      'synced\n\nProgress it reported while running:\n- Fetched 12 profiles (1/2)\n- Wrote 12 profiles (2/2)',
    );
  });

  it("puts the progress on the call in the client's tool-call store (createAgentChat over the real endpoint)", async () => {
    const model = await replay([
      replyFrames('Syncing.', [{ id: 'call_sync', name: 'syncProfiles', args: { team: 'core' } }]),
      replyFrames('Synced.'),
    ]);
    const { url, registry } = await listen({ model: model.model });
    registry.register(syncProfiles());
    const store = createToolCallStore();
    const seen: string[] = [];
    store.subscribe(() => {
      const entry = store.get('call_sync');
      if (entry?.progress)
        seen.push(
          `${entry.status} ${entry.progress.progress}/${entry.progress.total} ${entry.progress.message}`,
        );
    });
    const chat = createAgentChat({ url, registry: createRegistry(), store, threadId: 'thread-store' });
    await chat.send('Sync the core team');
    expect(chat.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    expect([...new Set(seen)]).toEqual([
      'executing 1/2 Fetched 12 profiles',
      'executing 2/2 Wrote 12 profiles',
      'complete 2/2 Wrote 12 profiles',
    ]);
    // A report for a call that is over, or for no call, changes nothing.
    expect(store.progress('call_sync', { progress: 3 })).toBe(false);
    expect(store.progress('nobody', { progress: 1 })).toBe(false);
  });

  it('sends no activity for a call that reports nothing', async () => {
    const model = await replay([replyFrames('', [{ id: 'c1', name: 'quiet', args: {} }]), replyFrames('ok')]);
    const { url, registry } = await listen({ model: model.model });
    registry.register(defineAction({ name: 'quiet', description: 'Quiet', handler: () => 'done quietly' }));
    const { events } = await runOnce(agentFor(url, 'thread-quiet', 'go'));
    expect(events.some((event) => event.type === 'ACTIVITY_SNAPSHOT')).toBe(false);
    const toolMessage = (lastRequest(model).messages as RecordedJson[]).find(
      (message) => message.role === 'tool',
    );
    expect(toolMessage?.content).toBe('done quietly');
  });
});
