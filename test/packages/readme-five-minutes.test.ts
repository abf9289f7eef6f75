import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatWithOptions } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  exampleSnippet,
  fiveMinutesSnippet,
  missingOutput,
  promisedOutputs,
} from '../../scripts/packages/readme-snippet.mjs';

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'affordance-readme-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the README's Five minutes", () => {
  const snippet = fiveMinutesSnippet(readme);

  it('promises an output for each console.log', () => {
    const promises = promisedOutputs(snippet);
    expect(promises).toHaveLength((snippet.match(/console\.log\(/g) ?? []).length);
    expect(promises[0]).toBe('shape_updateColor true');
  });

  it('prints what it promises (run from the sources; CI runs it from the packed packages too)', async () => {
    const file = join(folder, 'five-minutes.ts');
    writeFileSync(file, snippet);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      lines.push(formatWithOptions({ colors: false }, ...values));
    });
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
    }
    expect(missingOutput(lines.join('\n'), promisedOutputs(snippet))).toBeUndefined();
  });
});

describe('matching printed output against promises', () => {
  it('ignores whitespace, lets … stand for anything, and keeps the order', () => {
    const printed =
      "{\n  ok: false,\n  error: { code: 'invalid_args', message: 'color must match ^#[0-9a-f]{6}$' }\n}";
    expect(missingOutput(printed, ["{ ok: false, error: { code: 'invalid_args', … } }"])).toBeUndefined();
    expect(missingOutput(printed, ["message: 'color must match ^#[0-9a-fA-F]{6}$'"])).toBeDefined();
    expect(missingOutput('b\na', ['a', 'b'])).toBe('b');
  });

  it('reads `// →` lines and their indented continuations only', () => {
    const code = 'log(1);\n// → one\n//     more\n// a note\nlog(2); // not a promise\n// → two\n';
    expect(promisedOutputs(code)).toEqual(['one\nmore', 'two']);
  });

  it("finds a package README's example block", () => {
    expect(exampleSnippet('# x\n\n## Example\n\n```tsx\nconst a = 1;\n```\n')).toEqual({
      language: 'tsx',
      code: 'const a = 1;\n',
    });
    expect(exampleSnippet('# x\n\n```ts\nno();\n```\n')).toBeUndefined();
  });
});
