import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT } from './start-server.js';

/** Where the suite saves its screenshots to be looked at (gitignored). */
export const SCREENSHOTS = join(REPO_ROOT, 'test', 'e2e', 'screenshots');

/** Save a full-page screenshot as `<name>.png` in `SCREENSHOTS`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** An element's box on the page. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The boxes of every element the locator matches, in order. */
export async function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
}

/** The pairs of boxes (by index) that overlap by more than half a pixel. */
export function overlaps(boxes: readonly Box[]): [number, number][] {
  const found: [number, number][] = [];
  boxes.forEach((a, i) => {
    boxes.forEach((b, j) => {
      if (j <= i) return;
      const wide = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const high = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (wide > 0.5 && high > 0.5) found.push([i, j]);
    });
  });
  return found;
}

/** The horizontal gap between two boxes side by side (negative when they overlap). */
export function gapBetween(left: Box, right: Box): number {
  return right.x - (left.x + left.width);
}

/** The text of every matched element whose content is cut (wider than its box, so ellipsed or hidden). */
export async function clippedTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent ?? ''),
  );
}

/** The page's scroll width and client width: a page that scrolls sideways has the first larger. */
export async function pageWidths(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}
