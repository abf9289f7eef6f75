// The canvas paraphrase set (test/fixtures/canvas-paraphrases, written before tuning and never tuned on), asked of the
// canvas demo's registry as the palette asks: `available({ target, query, limit: 3 })` with the target selected.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvasRegistry, createMemoryDocumentStore, DEMO_USERS, demoBlocks } from '@affordance/canvas';
import { type AvailableQuery, qualifiedName } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import { dataRoot } from './datasets.js';

/** One everyday request: the selected block, the words, the action the person meant. */
export interface CanvasParaphrase {
  readonly target: string;
  readonly query: string;
  readonly expected: string;
}

/** The 67 requests of the set. */
export function canvasParaphrases(): CanvasParaphrase[] {
  const file = path.join(dataRoot, 'canvas-paraphrases/canvas-paraphrases.json');
  return JSON.parse(readFileSync(file, 'utf8')) as CanvasParaphrase[];
}

/** The share of requests whose expected action is in the top 3, and the misses with what was answered. */
export interface CanvasScore {
  readonly top3: number;
  readonly top1: number;
  readonly misses: ReadonlyArray<{
    readonly query: string;
    readonly expected: string;
    readonly got: string[];
  }>;
}

/**
 * Ask every request of the set. The selected block is put in the state in which the expected action can run
 * (locked for `unlock`, unlocked otherwise), as it is when a person asks for it: the set measures ranking, not the
 * demo's seeded lock states.
 */
export function evaluateCanvas(
  makeRanker: () => Ranker,
  extra: Omit<AvailableQuery, 'target' | 'query' | 'limit'> = {},
  requests: readonly CanvasParaphrase[] = canvasParaphrases(),
): CanvasScore {
  const registryWith = (locked: boolean) =>
    createCanvasRegistry({
      ranker: makeRanker(),
      documents: createMemoryDocumentStore(demoBlocks().map((block) => ({ ...block, locked }))),
    }).registry;
  const unlocked = registryWith(false);
  const locked = registryWith(true);
  let top3 = 0;
  let top1 = 0;
  const misses: Array<{ query: string; expected: string; got: string[] }> = [];
  for (const request of requests) {
    const registry = request.expected.endsWith('.unlock') ? locked : unlocked;
    const [scope, name] = request.expected.split('.') as [string, string];
    const expected = qualifiedName({ scope, name });
    const got = registry
      .available({
        ...extra,
        target: request.target,
        query: request.query,
        limit: 3,
        user: DEMO_USERS.editor,
      })
      .map((entry) => entry.name);
    if (got.includes(expected)) top3++;
    else misses.push({ query: request.query, expected: request.expected, got });
    if (got[0] === expected) top1++;
  }
  return { top3: top3 / requests.length, top1: top1 / requests.length, misses };
}
