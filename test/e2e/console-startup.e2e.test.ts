import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executablePath, ownConsole, SLOW, WAIT } from './console-session.js';

// The console on servers started differently, each with a server and a browser of its own: a model configured,
// and API keys.

describe.skipIf(!executablePath)('web console with a model configured', () => {
  const session = ownConsole('affordance-e2e-model-');

  it(
    'offers the chat over AG-UI instead of the paste box, and shows the run error the endpoint answers',
    async () => {
      // No API key: whatever the agent endpoint does with the model, this run ends in a RUN_ERROR.
      const { page, problems } = await session.open({
        env: {
          AFFORDANCE_MODEL: 'openai:gpt-4.1-mini',
          OPENAI_API_KEY: '',
          OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        },
      });
      await page.getByRole('tab', { name: 'Chat' }).click();
      await page.getByText('openai:gpt-4.1-mini', { exact: true }).waitFor(WAIT);
      await page.getByLabel('Message').fill('Make the first shape red');
      await page.keyboard.press('Enter');
      await page.locator('.chat [data-role="user"]', { hasText: 'Make the first shape red' }).waitFor(WAIT);
      const alert = page.locator('.chat [role="alert"]');
      await alert.waitFor(WAIT);
      expect((await alert.textContent())?.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    },
    SLOW,
  );
});

describe.skipIf(!executablePath)('web console on a server started with API keys', () => {
  const session = ownConsole('affordance-e2e-keys-');

  it(
    'asks for the key, refuses a wrong one, opens the canvas with the right one, and signs out',
    async () => {
      const config = join(session.folder, 'affordance.config.json');
      writeFileSync(config, JSON.stringify({ keys: { 'key-ana-e2e': { id: 'ana', roles: ['editor'] } } }));
      const { page, problems } = await session.open({ args: ['--config', config] });
      await page.getByRole('heading', { name: 'This server needs an API key' }).waitFor(WAIT);
      await page.getByLabel('API key', { exact: true }).fill('not-a-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'did not accept' }).waitFor(WAIT);
      await page.getByLabel('API key', { exact: true }).fill('key-ana-e2e');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-block-id="shape-1"]').waitFor(WAIT);
      await page.locator('.stream-open').waitFor(WAIT);
      // The key survives a reload, and signing out asks for it again.
      await page.reload();
      await page.locator('[data-block-id="shape-1"]').waitFor(WAIT);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key', { exact: true }).waitFor(WAIT);
      expect(problems).toEqual([]);
    },
    SLOW,
  );
});
