import { fileURLToPath } from 'node:url';
import type { AnyAction, Registry } from '@affordance/core';
import type { OpenAIChatTool, ToolFormatter } from '@affordance/core/formats';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A page as a browser bundler builds it (browser conditions): the format checks and the regex-flag rewriter are
// not in the kernel, they load on first use (`#format-checks`, `#pattern-flags`). Each page is built fresh, so
// nothing is loaded when it starts; esbuild without code splitting turns the `import()` into a deferred init.
const PAGE = `
import { createRegistry, defineAction } from '@affordance/core';
import { openaiFormat } from '@affordance/core/formats';
import { z } from 'zod';
export { openaiFormat };
export function start() {
  const contact = defineAction({
    name: 'contact',
    description: 'Saves a contact',
    input: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
    handler: (input) => input,
  });
  const paint = defineAction({
    name: 'paint',
    description: 'Paints a shape',
    input: z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/i) }),
    handler: (input) => input,
  });
  const registry = createRegistry({ actions: [contact] });
  const painter = createRegistry({ actions: [paint] });
  return { registry, painter, paint };
}
`;

interface Page {
  start(): { registry: Registry; painter: Registry; paint: AnyAction };
  openaiFormat: ToolFormatter<OpenAIChatTool>;
}

let pages = 0;

async function loadPage(): Promise<Page> {
  // A page of its own each time (a data: URL is imported once): nothing it loads on use is loaded yet.
  const result = await build({
    stdin: {
      contents: `${PAGE}\nexport const page = ${++pages};`,
      resolveDir: root,
      sourcefile: 'page.ts',
      loader: 'ts',
    },
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

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('schema support loaded on first use in a browser bundle', () => {
  it('format checks: run waits for them, a synchronous checkInput before they load says not_loaded', async () => {
    const { registry } = (await loadPage()).start();
    expect(() => registry.checkInput('contact', { email: 'ada@example.com' })).toThrow(
      expect.objectContaining({ code: 'not_loaded', message: expect.stringContaining('format checks') }),
    );
    const refused = await registry.run({ name: 'contact', args: { email: 'not an email' } });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_args', message: expect.stringContaining('email must be a valid email') },
    });
    expect(registry.checkInput('contact', { email: 'ada@example.com' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com' },
    });
    expect(registry.checkInput('contact', { email: 'nope' })).toMatchObject({
      ok: false,
      issues: [{ path: ['email'], keyword: 'format' }],
    });
  });

  it('regex flags: tools() before the rewriter loads says not_loaded, toolsAsync waits, then both write the flag out', async () => {
    const page = await loadPage();
    const { painter, paint } = page.start();
    const format = page.openaiFormat;
    expect(() => painter.tools({ format })).toThrow(
      expect.objectContaining({ code: 'not_loaded', message: expect.stringContaining('tool paint') }),
    );
    expect(() => painter.checkInput('paint', { color: '#FFAA00' })).toThrow(
      expect.objectContaining({ code: 'not_loaded' }),
    );
    const [waited] = await painter.toolsAsync({ format });
    const pattern = '^#[0-9a-fA-F]{6}$';
    expect(waited!.function.parameters).toMatchObject({ properties: { color: { pattern } } });
    expect(painter.tools({ format })[0]!.function.parameters).toMatchObject({
      properties: { color: { pattern } },
    });
    expect(painter.checkInput('paint', { color: '#FFAA00' })).toMatchObject({ ok: true });
    expect(painter.checkInput('paint', { color: 'red' })).toMatchObject({ ok: false });
    await tick();
    expect(Object.isFrozen(paint.schemaWarnings)).toBe(true);
  });
});
