import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executablePath, SLOW, WAIT } from './console-session.js';
import { CHROMIUM_ARGS } from './find-chromium.js';
import { boxesOf, clippedTexts, gapBetween, overlaps, pageWidths, screenshot } from './layout-facts.js';
import { ensureConsoleBuilt, type RunningServer, startServer } from './start-server.js';

describe.skipIf(!executablePath)('web console in headless Chromium', () => {
  const folder = mkdtempSync(join(tmpdir(), 'affordance-e2e-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    await ensureConsoleBuilt();
    server = await startServer({ data: join(folder, 'data') });
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(`${server.url}/`);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    rmSync(folder, { recursive: true, force: true });
    expect(code).toBe(0);
  }, SLOW);

  const shape = (id: string) => page.locator(`[data-block-id="${id}"]`);
  const palette = () => page.locator('dialog.palette');

  // The audit log across the page: columns that fit their headers and values, rows that keep the target of a
  // refused call, and filters whose placeholders read as hints.
  async function auditLooksRight() {
    const table = page.locator('.audit-table');
    const [tableBox] = await boxesOf(table);
    expect(tableBox!.width).toBeGreaterThan(1366 * 0.9);
    const headers = table.locator('th');
    expect(await headers.allTextContents()).toEqual([
      'Time',
      'Action',
      'Target',
      'User',
      'Outcome',
      'Took',
      'Arguments',
    ]);
    expect(overlaps(await boxesOf(headers))).toEqual([]);
    for (const box of await boxesOf(headers)) expect(box.width).toBeGreaterThanOrEqual(70);
    expect(await clippedTexts(table.locator('th, td'))).toEqual([]);
    const refused = page.locator('[data-audit="shape_updateColor"]', { hasText: 'invalid_args' });
    expect(await refused.locator('td[data-label="Target"]').textContent()).toBe('shape shape-1');
    expect(await refused.locator('td[data-label="Time"]').textContent()).toMatch(/\d{2}:\d{2}:\d{2}$/);
    expect(await refused.locator('td[data-label="Outcome"]').textContent()).toContain('color must match');
    expect(await refused.locator('td[data-label="Arguments"]').textContent()).toContain('"red"');
    for (const label of ['Action', 'User']) {
      const filter = page.getByLabel(label, { exact: true });
      expect(await filter.inputValue()).toBe('');
      expect(await filter.getAttribute('placeholder')).toBe(`any ${label.toLowerCase()}`);
    }
    expect(await page.getByLabel('Outcome').locator('option:checked').textContent()).toBe('any outcome');
    expect(overlaps(await boxesOf(page.locator('.audit-filters > label, .audit-filters > button')))).toEqual(
      [],
    );
    await screenshot(page, 'audit-log');
  }

  it(
    'draws the canvas: shapes in their colour, markdown rendered, the image with its frame, locked blocks marked',
    async () => {
      await shape('shape-1').waitFor(WAIT);
      expect(await shape('shape-1').locator('[data-fill]').getAttribute('fill')).toBe('#3b82f6');
      expect(await shape('shape-2').locator('ellipse').count()).toBe(1);
      expect(await shape('shape-2').getAttribute('aria-label')).toContain('locked');
      await expect
        .poll(() => page.locator('[data-block-id="md-2"] h2').textContent(), WAIT)
        .toBe('Legal notice');
      expect(await page.locator('[data-block-id="md-2"] .badge-locked').count()).toBe(1);
      expect(await page.locator('[data-block-id="image-1"] img').count()).toBe(1);
      await page.locator('.stream-open').waitFor(WAIT);
    },
    SLOW,
  );

  it(
    'selects a locked block and shows its actions greyed with the reason in the palette (Ctrl-K)',
    async () => {
      await shape('shape-2').click();
      await page.keyboard.press('Control+k');
      await palette().waitFor(WAIT);
      const color = palette().locator('[data-action="shape_updateColor"]');
      await color.waitFor(WAIT);
      expect(await color.getAttribute('aria-disabled')).toBe('true');
      expect(await color.locator('.action-reason').textContent()).toBe('block is locked');
      // Actions of other block types are left out; unlock stays available on a locked block.
      expect(await palette().locator('[data-action^="markdown_"]').count()).toBe(0);
      expect(await palette().locator('[data-action="shape_unlock"]').getAttribute('aria-disabled')).toBe(
        'false',
      );
      await page.keyboard.press('Escape');
      await palette().waitFor({ state: 'detached', ...WAIT });
    },
    SLOW,
  );

  it(
    'runs "change colour" through the generated form from the keyboard; the canvas and the audit log update',
    async () => {
      await shape('shape-1').click();
      await page.keyboard.press('Control+k');
      await palette().getByRole('combobox').fill('make it red');
      await palette().locator('[data-action="shape_updateColor"][aria-selected="true"]').waitFor(WAIT);
      await page.keyboard.press('Enter');
      const input = palette().locator('input[name="color"]');
      await input.waitFor(WAIT);
      // The form starts from the block's colour (not #000000) and keeps what was asked in view.
      expect(await input.inputValue()).toBe('#3b82f6');
      expect(await palette().getByLabel('color picker').inputValue()).toBe('#3b82f6');
      expect(await palette().locator('[data-affordance="form-query"]').textContent()).toBe(
        'You asked: make it red',
      );
      await screenshot(page, 'form-from-block');
      // A value the schema refuses shows the pipeline's fix-it error in the form.
      await input.fill('red');
      await page.keyboard.press('Enter');
      await palette().locator('[role="alert"]', { hasText: 'invalid_args' }).waitFor(WAIT);
      await input.fill('#ff0000');
      await page.keyboard.press('Enter');
      await palette().waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(() => shape('shape-1').locator('[data-fill]').getAttribute('fill'), WAIT)
        .toBe('#ff0000');
      await page.locator('.timeline [data-call="shape_updateColor"] .status-ok').first().waitFor(WAIT);

      await page.getByRole('button', { name: 'Audit log' }).click();
      const row = page.locator('[data-audit="shape_updateColor"]');
      await row.first().waitFor(WAIT);
      expect(await row.count()).toBe(2); // the refused call and the one that ran
      await auditLooksRight();
      await page.getByLabel('Outcome').selectOption('ok');
      await expect.poll(() => row.count(), WAIT).toBe(1);
      expect(await row.first().locator('.status-ok').textContent()).toBe('ok');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => row.count(), WAIT).toBe(2);
      await page.getByRole('button', { name: 'Canvas' }).click();
      await shape('shape-1').waitFor(WAIT);
    },
    SLOW,
  );

  it(
    'shows a change made elsewhere live, through the event stream',
    async () => {
      const response = await fetch(`${server!.url}/api/actions/markdown_updateContent/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          args: { blockId: 'md-1', content: '# Launch notes\n\nWritten **elsewhere**.' },
        }),
      });
      expect((await response.json()).ok).toBe(true);
      await expect
        .poll(() => page.locator('[data-block-id="md-1"] h1').textContent(), WAIT)
        .toBe('Launch notes');
      expect(await page.locator('[data-block-id="md-1"] strong').textContent()).toBe('elsewhere');
    },
    SLOW,
  );

  it(
    'asks for approval before deleting a block (context menu), and deletes it once approved in the inbox',
    async () => {
      await shape('shape-3').click({ button: 'right' });
      const menu = page.getByRole('menu');
      await menu.waitFor(WAIT);
      await menu.locator('[data-action="shape_remove"][aria-disabled="false"]').click();
      await menu.waitFor({ state: 'detached', ...WAIT });
      await page.getByRole('tab', { name: /Approvals/ }).click();
      const approval = page.locator('.approval', { hasText: 'shape_remove' });
      await approval.waitFor(WAIT);
      expect(await shape('shape-3').count()).toBe(1);
      const [deny] = await boxesOf(approval.getByRole('button', { name: 'Deny' }));
      const [approve] = await boxesOf(approval.getByRole('button', { name: 'Approve' }));
      expect(gapBetween(deny!, approve!)).toBeGreaterThanOrEqual(6);
      await screenshot(page, 'approvals');
      await approval.getByRole('button', { name: 'Approve' }).click();
      await shape('shape-3').waitFor({ state: 'detached', ...WAIT });
      await approval.waitFor({ state: 'detached', ...WAIT });
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.locator('.timeline [data-call="shape_remove"] .status-ok').first().waitFor(WAIT);
    },
    SLOW,
  );

  it(
    'works from the keyboard: Enter selects a focused block, Shift-F10 opens its menu, Escape gives focus back',
    async () => {
      await shape('md-1').focus();
      await page.keyboard.press('Enter');
      expect(await shape('md-1').getAttribute('aria-current')).toBe('true');
      await page.keyboard.press('Shift+F10');
      const menu = page.getByRole('menu');
      await menu.waitFor(WAIT);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), WAIT)
        .toBe('menuitem');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-block-id')), WAIT)
        .toBe('md-1');
      // The palette returns focus the same way.
      await page.keyboard.press('Control+k');
      await palette().waitFor(WAIT);
      await page.keyboard.press('Escape');
      await palette().waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-block-id')), WAIT)
        .toBe('md-1');
    },
    SLOW,
  );

  it(
    'detects the actions in a pasted model reply and runs them (no model configured)',
    async () => {
      await page.getByRole('tab', { name: 'Paste reply' }).click();
      await page
        .getByLabel('Model reply')
        .fill('Resizing it.\n{"action": "shape_resize", "blockId": "shape-1", "width": 200, "height": 90}');
      const [example] = await boxesOf(page.getByRole('button', { name: 'Use an example' }));
      const [detect] = await boxesOf(page.getByRole('button', { name: 'Detect actions' }));
      expect(gapBetween(example!, detect!)).toBeGreaterThanOrEqual(6);
      await page.getByRole('button', { name: 'Detect actions' }).click();
      const detected = page.getByRole('region', { name: 'Detected actions' });
      await detected.getByText('shape_resize').waitFor(WAIT);
      await detected.getByRole('button', { name: 'Run', exact: true }).click();
      await detected.locator('.status-ok').waitFor(WAIT);
      await expect
        .poll(() => shape('shape-1').locator('[data-fill]').getAttribute('width'), WAIT)
        .toBe('200');
    },
    SLOW,
  );

  it(
    'opens the palette on the form of an action with inputs chosen from the context menu; Escape backs out',
    async () => {
      await shape('shape-1').click({ button: 'right' });
      const menu = page.getByRole('menu');
      await menu.locator('[data-action="shape_updateColor"]').click();
      await menu.waitFor({ state: 'detached', ...WAIT });
      await palette().locator('input[name="color"]').waitFor(WAIT);
      // The target id is filled from the block, not asked for.
      expect(await palette().locator('input[name="blockId"]').count()).toBe(0);
      expect(await palette().locator('[data-affordance="form-target"] code').textContent()).toBe('shape-1');
      await page.keyboard.press('Escape');
      await palette().getByRole('combobox').waitFor(WAIT);
      await page.keyboard.press('Escape');
      await palette().waitFor({ state: 'detached', ...WAIT });
    },
    SLOW,
  );

  it(
    'keeps the timeline over a reload (from the audit log), and offers a block picker with nothing selected',
    async () => {
      await page.reload();
      await shape('shape-1').waitFor(WAIT);
      // The calls made before the reload come back, with their arguments.
      const earlier = page.locator('.timeline [data-call="shape_updateColor"]');
      await earlier.locator('.status-ok').first().waitFor(WAIT);
      await page.locator('.timeline [data-call="shape_resize"] .status-ok').first().waitFor(WAIT);
      expect(await earlier.first().locator('.call-target').textContent()).toBe('shape-1');
      expect(await page.locator('.selection-bar').textContent()).toContain('Click a block');

      const fill = await shape('shape-1').locator('[data-fill]').getAttribute('fill');
      await page.keyboard.press('Control+k');
      await palette().getByRole('combobox').fill('colour');
      await palette().locator('[data-action="shape_updateColor"][aria-selected="true"]').waitFor(WAIT);
      await page.keyboard.press('Enter');
      const picker = palette().locator('select[data-affordance="target-picker"]');
      await picker.waitFor(WAIT);
      expect(await palette().locator('input[name="blockId"]').count()).toBe(0);
      const options = await picker
        .locator('option:not([disabled])')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
      expect(options).toEqual(['shape-1', 'shape-2']); // shape-3 was deleted above
      await picker.selectOption('shape-1');
      expect(await palette().locator('input[name="color"]').inputValue()).toBe(fill);
      await screenshot(page, 'form-target-picker');
      await page.keyboard.press('Escape');
      await palette().getByRole('combobox').waitFor(WAIT);
      await page.keyboard.press('Escape');
      await palette().waitFor({ state: 'detached', ...WAIT });
    },
    SLOW,
  );

  it(
    'fits a small laptop and a 390 px wide screen: whole audit headers, no sideways scrolling',
    async () => {
      try {
        // On a small laptop every audit column still shows its whole header.
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.getByRole('button', { name: 'Audit log' }).click();
        await page.locator('[data-audit]').first().waitFor(WAIT);
        expect(await clippedTexts(page.locator('.audit-table th'))).toEqual([]);
        expect(overlaps(await boxesOf(page.locator('.audit-table th')))).toEqual([]);
        await screenshot(page, 'audit-1024');
        await page.getByRole('button', { name: 'Canvas' }).click();
        await page.setViewportSize({ width: 390, height: 844 });
        await shape('shape-1').waitFor(WAIT);
        const canvas = await pageWidths(page);
        expect(canvas.scrollWidth).toBeLessThanOrEqual(canvas.clientWidth);
        expect(overlaps(await boxesOf(page.locator('.topbar > *')))).toEqual([]);
        await screenshot(page, 'narrow-canvas');
        await page.getByRole('button', { name: 'Audit log' }).click();
        await page.locator('[data-audit]').first().waitFor(WAIT);
        const audit = await pageWidths(page);
        expect(audit.scrollWidth).toBeLessThanOrEqual(audit.clientWidth);
        // Each row is a card of labelled lines, none cut off.
        expect(await clippedTexts(page.locator('.audit-table td'))).toEqual([]);
        expect(await page.locator('.audit-table thead').isVisible()).toBe(false);
        await screenshot(page, 'narrow-audit');
        await page.getByRole('button', { name: 'Canvas' }).click();
      } finally {
        await page.setViewportSize({ width: 1366, height: 768 });
      }
    },
    SLOW,
  );

  it('logged no console errors or React warnings', () => {
    expect(problems).toEqual([]);
  });
});
