// The fifth tuning set of the word-vector threshold (test/fixtures/agent-tasks, written for this repository): long
// multi-step agent tasks over the LiveMCPBench tools, asked as LiveMCPBench is, and palette requests with context for
// the canvas demo, asked as the canvas paraphrases are.
import { createRegistry, type RankIntent } from '@affordance/core';
import type { Ranker } from '@affordance/core/ranking';
import type { CanvasParaphrase } from './canvas-paraphrases.js';
import { legalName, readFixture, type SealQuery } from './datasets.js';
import { evaluateRetrieval, type RetrievalScores } from './evaluate-ranking.js';
import { canvasFrames, framedRequests } from './framed-requests.js';
import { byToolName, liveMcpActions } from './livemcpbench.js';

const read = <T>(file: string): T => readFixture<T>(`agent-tasks/${file}`);

/**
 * The tasks of a file as `{ id, query, gold }`, gold by tool name as LiveMCPBench's (`byToolName`): the 58 multi-step
 * tasks (`mcp-tasks.json`) or the 28 single asks (`mcp-single-asks.json`).
 */
export function agentTasks(file: 'mcp-tasks.json' | 'mcp-single-asks.json' = 'mcp-tasks.json'): SealQuery[] {
  return read<Array<{ id: string; query: string; tools: string[] }>>(file).map((task) => ({
    id: task.id,
    query: task.query,
    gold: [...new Set(task.tools.map(legalName))],
  }));
}

/** The palette requests with context (30), the everyday (40) or the indirect canvas requests (64), for `evaluateCanvas`. */
export function agentCanvasRequests(
  file: 'canvas-requests.json' | 'canvas-everyday.json' | 'canvas-indirect.json' = 'canvas-requests.json',
): CanvasParaphrase[] {
  return read<CanvasParaphrase[]>(file);
}

/**
 * Recall of a ranker over the LiveMCPBench tools (`registry.available({ query, limit: 10, intent })`) for some tasks:
 * the agent tasks by default, or LiveMCPBench's own.
 */
export function evaluateAgentTasks(
  makeRanker: () => Ranker,
  intent: RankIntent,
  tasks: readonly SealQuery[] = agentTasks(),
): RetrievalScores {
  const registry = createRegistry({ actions: liveMcpActions(), ranker: makeRanker() });
  return evaluateRetrieval(
    byToolName({
      name: 'ranker',
      add: () => {},
      search: (query, limit) =>
        registry.available({ query, limit, intent, include: 'available' }).map((entry) => entry.name),
    }),
    tasks,
  );
}

/** A request of the framed canvas set: which batch of frames it comes from, and its frame. */
export interface FramedCanvasRequest extends CanvasParaphrase {
  readonly batch: number;
  readonly frame: string;
}

/**
 * The framed canvas requests (`canvas-frames.json`, eighth tuning set): each phrase of each action (`{x}` its
 * target in each of the scope's words), in each frame (`{vp}` the phrase, `{VP}` capitalised) of the batches asked for
 * (1–4; all by default), in that order.
 */
export function framedCanvasRequests(batches: readonly number[] = [1, 2, 3, 4]): FramedCanvasRequest[] {
  const file = canvasFrames();
  return framedRequests(file, '.', batches, file.frames).map(({ target, query, action, batch, frame }) => ({
    target,
    query,
    expected: action,
    batch,
    frame,
  }));
}
