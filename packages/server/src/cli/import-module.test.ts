import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importModule } from './import-module.js';

const folder = mkdtempSync(join(tmpdir(), 'affordance-import-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('importModule', () => {
  it('loads TypeScript through tsx, type annotations and a relative .js import of a .ts file included', async () => {
    writeFileSync(join(folder, 'helper.ts'), 'export const twice = (n: number): number => n * 2;\n');
    writeFileSync(
      join(folder, 'actions.ts'),
      "import { twice } from './helper.js';\ninterface Shape { readonly n: number }\nexport const value: Shape = { n: twice(21) };\n",
    );
    expect((await importModule(join(folder, 'actions.ts'))).value).toEqual({ n: 42 });
  });

  it('reads `export default` of a TypeScript file outside an ESM package (compiled to CommonJS)', async () => {
    writeFileSync(
      join(folder, 'config.ts'),
      'const config: { port: number } = { port: 8080 };\nexport default config;\n',
    );
    expect((await importModule(join(folder, 'config.ts'))).default).toEqual({ port: 8080 });
  });

  it('loads JavaScript natively', async () => {
    writeFileSync(join(folder, 'plain.mjs'), 'export default { answer: 42 };\n');
    expect((await importModule(join(folder, 'plain.mjs'))).default).toEqual({ answer: 42 });
  });
});
