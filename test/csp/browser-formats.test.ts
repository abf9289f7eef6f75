import { fileURLToPath } from 'node:url';
import type { Registry } from '@affordance/core';
import type { OpenAIChatTool, ToolFormatter } from '@affordance/core/formats';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A page as a browser bundler builds it (browser conditions, so `#tool-formats` knows no format by name): the
// registry formats with the adapters the page imports, and says what to import for a name it does not know.
const PAGE = `
import { createRegistry, defineAction } from '@affordance/core';
import { openaiFormat } from '@affordance/core/formats';
const paint = defineAction({
  name: 'paint',
  description: 'Paints a shape',
  input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  handler: (input) => input,
});
export const page = createRegistry({ actions: [paint] });
export const given = createRegistry({ actions: [paint], formats: [openaiFormat] });
export { openaiFormat };
`;

interface Page {
  readonly page: Registry;
  readonly given: Registry;
  readonly openaiFormat: ToolFormatter<OpenAIChatTool>;
}

async function loadPage(): Promise<Page> {
  const result = await build({
    stdin: { contents: PAGE, resolveDir: root, sourcefile: 'page.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@affordance/source'],
    write: false,
    logLevel: 'silent',
  });
  const code = Buffer.from(result.outputFiles[0]!.contents).toString('base64');
  return import(/* @vite-ignore */ `data:text/javascript;base64,${code}`);
}

describe('tool formats in a browser bundle', () => {
  it('formats with an imported adapter, by value or given to the registry, and names what to import otherwise', async () => {
    const { page, given, openaiFormat } = await loadPage();
    expect(() => page.tools({ format: 'openai' })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining('pass openaiFormat from @affordance/core/formats'),
      }),
    );
    const tools = page.tools({ format: openaiFormat });
    expect(tools).toEqual([
      {
        type: 'function',
        function: expect.objectContaining({ name: 'paint', description: 'Paints a shape', strict: true }),
      },
    ]);
    expect(given.tools({ format: 'openai' })).toEqual(tools);
    expect(() => given.tools({ format: 'ag-ui' })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining('pass agUiFormat'),
      }),
    );
    // The kernel still runs calls in the page.
    expect(await page.run({ name: 'paint', args: { color: 'red' } })).toMatchObject({
      ok: true,
      value: { color: 'red' },
    });
  }, 60_000);
});
