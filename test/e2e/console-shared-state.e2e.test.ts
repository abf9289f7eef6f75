// App context and shared state in the console, end to end: headless Chromium, the real server (`serve --registry
// test/e2e/shared-state-registry.ts`) and a replayed OpenAI-compatible model (Chat Completions streams built on a
// recording from test/fixtures/provider-streams, vercel/ai @ed857f5, Apache-2.0; see test/server/replay-model.ts).
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReplayModel, replyFrames, startReplayModel } from '../server/replay-model.js';
import type { RecordedJson } from '../support/replay-fixtures.js';
import { executablePath, ownConsole, SLOW, WAIT } from './console-session.js';
import { boxesOf, overlaps, pageWidths, screenshot } from './layout-facts.js';

const REGISTRY = fileURLToPath(new URL('./shared-state-registry.ts', import.meta.url));
const STEP = 'Paint the selected shape red';

describe.skipIf(!executablePath)('console: app context and shared state with the agent', () => {
  const session = ownConsole('affordance-e2e-state-');
  let model: ReplayModel | undefined;
  afterAll(async () => {
    await model?.close();
  });

  it(
    'sends the selected block as app context, shows the state the agent changed, and sends the user edit back',
    async () => {
      model = await startReplayModel(
        [
          replyFrames('', [{ id: 'call_plan', name: 'plan_addStep', args: { step: STEP } }]),
          replyFrames('I added a step for the selected shape.'),
          replyFrames('', [{ id: 'call_read', name: 'plan_read', args: {} }]),
          replyFrames('The plan has your edit.'),
        ],
        { agentTurnsOnly: true },
      );
      const { page, problems } = await session.open({
        env: {
          AFFORDANCE_MODEL: 'openai:replay-model',
          OPENAI_BASE_URL: model.baseURL,
          OPENAI_API_KEY: 'sk-replay',
          AFFORDANCE_SUGGESTIONS: 'rules',
        },
        args: ['--registry', REGISTRY],
      });
      await page.locator('[data-block-id="shape-1"]').click();
      await page.getByRole('tab', { name: 'Chat' }).click();
      const shared = page.getByRole('region', { name: 'Shared with the agent' });
      await shared.getByText('The block selected on the canvas').waitFor(WAIT);

      await page.getByLabel('Message').fill('Plan the next step for this shape');
      await page.keyboard.press('Enter');
      await page
        .locator('.chat [data-role="assistant"]', { hasText: 'I added a step for the selected shape.' })
        .waitFor(WAIT);
      await shared.getByTestId('shared-state').filter({ hasText: STEP }).waitFor(WAIT);
      expect(JSON.parse((await shared.getByTestId('shared-state').textContent()) ?? '{}')).toEqual({
        plan: { steps: [STEP] },
      });

      // The model read the selection as fenced data; the action got it as ctx.context.appContext.
      const first: RecordedJson = model.agentRequests()[0]?.body;
      const system = first.messages.find((message: RecordedJson) => message.role === 'system')?.content ?? '';
      expect(system).toMatch(/<<<DATA-[0-9a-f]{32} source: "app context: The block selected on the canvas"/);
      expect(system).toContain('"id":"shape-1"');
      const result = page.locator('.chat [data-role="tool"]', { hasText: 'appContext' });
      expect(await result.textContent()).toContain('The block selected on the canvas');
      // The panel fits: the shared part, the form and the messages do not overlap, nothing spills sideways.
      const parts = page.locator('.chat-messages, .chat-form, .shared-state');
      expect(overlaps(await boxesOf(parts))).toEqual([]);
      const widths = await pageWidths(page);
      expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
      await screenshot(page, 'chat-shared-state');

      // The user edits the state; the next run sends it, and the agent's action reads it.
      await shared.getByRole('button', { name: 'Edit state' }).click();
      const edited = { plan: { steps: [STEP, 'Then make it a circle'] } };
      await shared.getByLabel('Shared state (JSON)').fill(JSON.stringify(edited));
      await shared.getByRole('button', { name: 'Save state' }).click();
      await shared.getByTestId('shared-state').filter({ hasText: 'Then make it a circle' }).waitFor(WAIT);
      await page.getByLabel('Message').fill('Read the plan back');
      await page.keyboard.press('Enter');
      await page
        .locator('.chat [data-role="assistant"]', { hasText: 'The plan has your edit.' })
        .waitFor(WAIT);
      const read = page.locator('.chat [data-role="tool"]', { hasText: 'Then make it a circle' });
      await read.waitFor(WAIT);
      const third: RecordedJson = model.agentRequests()[2]?.body;
      expect(third.messages.at(-1)).toMatchObject({ role: 'user', content: 'Read the plan back' });
      await screenshot(page, 'chat-shared-state-edited');
      // With AFFORDANCE_SUGGESTIONS=rules the chips are written by rules: every model request was an agent turn.
      expect(model.server.requests.length).toBe(model.agentRequests().length);
      expect(problems).toEqual([]);
    },
    SLOW,
  );
});
