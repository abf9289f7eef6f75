// Text protocol benchmark: parseActions and the detector on growing and hostile inputs (time should grow linearly),
// and renderActionsPrompt on the canvas fixture. Run: node --import tsx test/text/text-protocol.bench.ts [--quick]

import { parseActions, renderActionsPrompt } from '@affordance/core';
import { createActionDetector } from '@affordance/core/detect';

const quick = process.argv.includes('--quick');
const sizes = quick ? [1, 4] : [1, 4, 16];
const ACTION = '{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ff0000"}';

function time(run: () => void): number {
  for (let index = 0; index < 2; index++) run();
  const rounds = quick ? 3 : 7;
  const samples: number[] = [];
  for (let index = 0; index < rounds; index++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

const inputs: Record<string, (units: number) => string> = {
  'prose then action (json)': (units) =>
    `${'The shape should be red because the brand color is red. '.repeat(1_800 * units)}\n${ACTION}`,
  'many small objects (json)': (units) => `${'{"x": 1} '.repeat(11_000 * units)}${ACTION}`,
  'unclosed braces (json)': (units) => `${'{'.repeat(100_000 * units)}${ACTION}`,
  'quote runs, near-JSON (json)': (units) => `${`{"${'"'.repeat(2_000)}} `.repeat(50 * units)}${ACTION}`,
  'agent-action blocks (fenced)': (units) =>
    `\`\`\`agent-action\n${ACTION}\n\`\`\`\nprose\n`.repeat(1_000 * units),
  'near-JSON blocks (fenced)': (units) =>
    `\`\`\`agent-action\n{'action': 'a', x: [1, 2,],}\n\`\`\`\n`.repeat(2_500 * units),
  'broken objects, no action (json)': (units) => '{action} '.repeat(11_000 * units),
};

console.log('| input | size | parseActions ms | ms per 100 KB |');
console.log('|---|---:|---:|---:|');
for (const [name, make] of Object.entries(inputs)) {
  for (const units of sizes) {
    const text = make(units);
    const format = name.endsWith('(fenced)') ? 'fenced' : 'json';
    const ms = time(() => parseActions(text, { format }));
    console.log(
      `| ${name} | ${(text.length / 1000).toFixed(0)} KB | ${ms.toFixed(2)} | ${((ms * 100_000) / text.length).toFixed(2)} |`,
    );
  }
}

const detector = createActionDetector({ types: ['decision', 'note'] });
console.log('\n| detector input | size | detect ms | ms per 100 KB |');
console.log('|---|---:|---:|---:|');
for (const units of sizes) {
  const text =
    '```agent-action\n{"type": "decision", "content": "Use TypeScript", "rationale": "types"}\n```\nprose\n'.repeat(
      1_000 * units,
    );
  const ms = time(() => detector.detect(text));
  console.log(
    `| decision blocks | ${(text.length / 1000).toFixed(0)} KB | ${ms.toFixed(2)} | ${((ms * 100_000) / text.length).toFixed(2)} |`,
  );
}

const { canvasRegistry } = await import('./canvas-fixture.js');
const { registry } = canvasRegistry();
const user = { id: 'u1', roles: ['editor'] };
console.log('\n| renderActionsPrompt (canvas fixture, 4 actions) | ms |');
console.log('|---|---:|');
for (const format of ['json', 'fenced'] as const) {
  console.log(`| ${format} | ${time(() => renderActionsPrompt({ registry, format, user })).toFixed(3)} |`);
}
