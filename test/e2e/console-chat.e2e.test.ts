// The console's chat (@affordance/react's Chat and ThreadList) against the real server with a model configured:
// streamed text, a tool call, an approval decided from the card, switching threads, and keyboard-only use. The
// model side replays Chat Completions streams built on a recording from test/fixtures/provider-streams
// (vercel/ai @ed857f5, Apache-2.0); see test/server/replay-model.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayModel, replyFrames, startReplayModel } from '../server/replay-model.js';
import { executablePath, ownConsole, SLOW, WAIT } from './console-session.js';
import { screenshot } from './layout-facts.js';

const PAINT = { id: 'call_paint', name: 'shape_updateColor', args: { blockId: 'shape-1', color: '#ff0000' } };
const REMOVE = { id: 'call_remove', name: 'shape_remove', args: { blockId: 'shape-1' } };

describe.skipIf(!executablePath)('the console chat in headless Chromium', () => {
  const session = ownConsole('affordance-e2e-chat-');
  let replay: ReplayModel;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    replay = await startReplayModel([
      replyFrames('Painting shape-1 red.', [PAINT]),
      replyFrames('Shape 1 is red now.'),
      replyFrames('Removing shape-1.', [REMOVE]),
      replyFrames('Shape 1 is gone.'),
      replyFrames('Hello again.'),
    ]);
    ({ page, problems } = await session.open({
      env: { AFFORDANCE_MODEL: 'openai:replay-model', OPENAI_BASE_URL: replay.baseURL, OPENAI_API_KEY: '' },
    }));
    await page.locator('[data-block-id="shape-1"]').waitFor(WAIT);
  }, SLOW);
  afterAll(() => replay?.close());

  const log = () => page.getByRole('log', { name: 'Conversation' });
  const input = () => page.getByRole('textbox', { name: 'Message' });
  const threads = () => page.getByRole('navigation', { name: 'Threads' });
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return `${active?.tagName.toLowerCase()}:${active?.getAttribute('aria-label') ?? active?.textContent ?? ''}`;
    });

  it(
    'sends a message, streams the answer and shows the tool call the server ran',
    async () => {
      await page.getByRole('tab', { name: 'Chat' }).click();
      await input().fill('Make the first shape red');
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText('Shape 1 is red now.').waitFor(WAIT);
      expect(await log().getAttribute('aria-live')).toBe('polite');
      const call = log().getByRole('group', { name: `Tool call ${PAINT.name}` });
      expect(await call.locator('code').first().textContent()).toBe(
        `${PAINT.name}(${JSON.stringify(PAINT.args)})`,
      );
      expect(
        await log()
          .locator('[data-role]')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-role'))),
      ).toEqual(['user', 'assistant', 'tool', 'assistant']);
      await expect
        .poll(() => page.locator('[data-block-id="shape-1"] [data-fill]').getAttribute('fill'), WAIT)
        .toBe('#ff0000');
      // The run ended: the thread is listed under its first message, as the open one.
      await threads().getByRole('button', { name: 'Make the first shape red' }).waitFor(WAIT);
      expect(
        await threads()
          .getByRole('button', { name: 'Make the first shape red' })
          .getAttribute('aria-current'),
      ).toBe('true');
      await screenshot(page, 'chat-tool-call');
    },
    SLOW,
  );

  it(
    'from the keyboard alone: asks for a removal, approves it on the card, and gets the input back',
    async () => {
      await input().focus();
      await page.keyboard.type('Remove the first shape');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('please');
      expect(await input().inputValue()).toBe('Remove the first shape\nplease');
      await page.keyboard.press('Enter');
      const waiting = page.getByRole('region', { name: 'Waiting for your decision' });
      await waiting.waitFor(WAIT);
      expect(await waiting.locator('pre').textContent()).toContain('"blockId": "shape-1"');
      // Focus moved to the card: Enter approves.
      await expect.poll(focused, WAIT).toBe('button:Approve');
      expect(await input().getAttribute('aria-disabled')).toBe('true');
      await screenshot(page, 'chat-approval');
      await page.keyboard.press('Enter');
      await log().getByText('Shape 1 is gone.').waitFor(WAIT);
      await waiting.waitFor({ state: 'detached', ...WAIT });
      await page.locator('[data-block-id="shape-1"]').waitFor({ state: 'detached', ...WAIT });
      await expect.poll(focused, WAIT).toBe('textarea:Message');
      expect(await input().inputValue()).toBe('');
    },
    SLOW,
  );

  it(
    'starts a new thread, and switches back to the first one with its messages',
    async () => {
      await threads().getByRole('button', { name: 'New thread' }).click();
      await expect.poll(() => log().locator('[data-role]').count(), WAIT).toBe(0);
      await expect.poll(focused, WAIT).toBe('textarea:Message');
      await page.keyboard.type('Say hello');
      await page.keyboard.press('Enter');
      await log().getByText('Hello again.').waitFor(WAIT);
      const second = threads().getByRole('button', { name: 'Say hello' });
      await second.waitFor(WAIT);
      expect(await second.getAttribute('aria-current')).toBe('true');
      await screenshot(page, 'chat-threads');

      // Back to the first thread with the keyboard: ↑/↓ move in the list, Enter opens.
      await second.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused, WAIT).toBe('button:Make the first shape red');
      await page.keyboard.press('Enter');
      await log().getByText('Shape 1 is gone.').waitFor(WAIT);
      await expect.poll(focused, WAIT).toBe('textarea:Message');
      expect(await log().getByText('Hello again.').count()).toBe(0);
      expect(
        await threads()
          .getByRole('button', { name: 'Make the first shape red' })
          .getAttribute('aria-current'),
      ).toBe('true');
      expect(
        await log()
          .getByRole('group', { name: `Tool call ${REMOVE.name}` })
          .count(),
      ).toBe(1);
      expect(problems).toEqual([]);
      // Five model turns, none asked twice.
      expect(replay.server.requests).toHaveLength(5);
    },
    SLOW,
  );
});
