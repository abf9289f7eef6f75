// @vitest-environment node
// App context and shared state through a chat, replaying the AG-UI .NET SDK baseline Step05_StateManagement
// (test/fixtures/agui-events/dotnet-baselines at the repository root; source and licence in its README.md). The
// turns with a STATE_DELTA are that recording with one delta put in after its snapshot.
import { createRegistry } from '@affordance/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReplayServer, readRecorded, startReplayServer } from '../../test-support/agui-replay-server.js';
import { createAgentContext } from '../agent-context/create-agent-context.js';
import { createSharedState } from '../shared-state/create-shared-state.js';
import { createToolCallStore } from '../tool-calls/create-tool-call-store.js';
import { createAgentChat } from './create-agent-chat.js';

const STEP05 = readRecorded<Record<string, unknown>[]>(
  'Step05_StateManagement',
  'PostRun_WithState_EmitsStateSnapshotAndSummary_Turn_01.06.Response.Server.AGUI.verified.json',
);
const RECIPE = (STEP05[1] as { snapshot: { recipe: Record<string, unknown> } }).snapshot;
const withDelta = (delta: unknown[]) => [
  ...STEP05.slice(0, 2),
  { type: 'STATE_DELTA', delta },
  ...STEP05.slice(2),
];

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function chatOn(url: string) {
  const appContext = createAgentContext();
  const state = createSharedState({ recipe: { title: 'my draft' } });
  const chat = createAgentChat({
    url,
    registry: createRegistry(),
    store: createToolCallStore(),
    appContext,
    state,
  });
  return { chat, appContext, state };
}

describe('createAgentChat with app context and shared state', () => {
  it('sends the app context and the state with the run, and takes the snapshot and delta', async () => {
    server = await startReplayServer([
      withDelta([{ op: 'replace', path: '/recipe/skill_level', value: 'easy' }]),
    ]);
    const { chat, appContext, state } = chatOn(server.url);
    const page = appContext.add({ description: 'Recipe page', value: { id: 'carbonara' } });
    appContext.add({ description: 'Selected ingredient', value: 'eggs', parentId: page });
    await chat.send('Make it easier');
    expect(chat.getSnapshot()).toMatchObject({ status: 'idle', error: undefined });
    const sent = RunAgentInputSchema.parse(server.requests[0]);
    expect(sent.context).toEqual([
      { description: 'Recipe page', value: '{"id":"carbonara"}' },
      { description: 'Recipe page › Selected ingredient', value: 'eggs' },
    ]);
    expect(sent.state).toEqual({ recipe: { title: 'my draft' } });
    expect(state.get()).toEqual({ recipe: { ...RECIPE.recipe, skill_level: 'easy' } });
  });

  it("sends the user's edit with the next run", async () => {
    server = await startReplayServer([STEP05, STEP05]);
    const { chat, state } = chatOn(server.url);
    await chat.send('A recipe, please');
    state.set((current) => ({ ...current, servings: 2 }));
    await chat.send('For two');
    expect((server.requests[1] as { state: unknown }).state).toEqual({ ...RECIPE, servings: 2 });
  });

  it('fails the run with a clear error on a delta that does not apply, and keeps the state whole', async () => {
    const bad = [
      { op: 'replace', path: '/recipe/title', value: 'changed' },
      { op: 'remove', path: '/recipe/missing' },
    ];
    server = await startReplayServer([withDelta(bad)]);
    const { chat, state } = chatOn(server.url);
    await chat.send('Break it');
    const snapshot = chat.getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toMatch(/shared state: the STATE_DELTA does not apply.*\(invalid_delta\)/);
    // The snapshot before it was taken; no operation of the refused delta was.
    expect(state.get()).toEqual(RECIPE);
  });
});
