import type { Block } from '@affordance/canvas';
import { createRegistry, type Registry } from '@affordance/core';
import type { PostgresStore } from '@affordance/store-postgres';
import { defaultRanker } from './default-ranker.js';

/** The demo's package: an optional peer of the server, present in this repository, absent unless installed. */
export const DEMO_PACKAGE = '@affordance/canvas';

/** What `serve` says when there is no registry module and no demo: how to give it actions. */
export const NO_REGISTRY_HINT = `No registry: pass --registry <module> (a .js or .ts file exporting \`actions\` or \`registry\`), set "registry" in affordance.config.json, or npm install ${DEMO_PACKAGE} for the canvas demo.`;

/** The registry `serve` opens without a module, what it is, and what to tell the user about it. */
export interface DemoRegistry {
  readonly registry: Registry;
  /** `the canvas demo` or `no registry`, for messages. */
  readonly source: string;
  readonly hint?: string;
}

/**
 * The canvas demo over the database (its blocks seeded once) when `@affordance/canvas` can be imported, else an
 * empty registry over the database with a hint: the server does not depend on the demo, so an installed server
 * starts without it. `load` is the import, replaceable in tests.
 */
export async function openDemoRegistry(
  database: PostgresStore,
  load: () => Promise<typeof import('@affordance/canvas')> = () => import(DEMO_PACKAGE),
): Promise<DemoRegistry> {
  let canvas: typeof import('@affordance/canvas');
  try {
    canvas = await load();
  } catch (error) {
    if (!isMissingDemo(error)) throw error;
    return {
      registry: createRegistry({ store: database, ranker: defaultRanker() }),
      source: 'no registry',
      hint: NO_REGISTRY_HINT,
    };
  }
  const documents = database.documents<Block>({
    check: canvas.checkBlock,
    idPrefix: (type) => canvas.ID_PREFIX[type as Block['type']] ?? type,
    error: (kind, message) =>
      new canvas.DocumentStoreError(kind === 'type_change' ? 'invalid_block' : kind, message),
  });
  await documents.seed(canvas.demoBlocks());
  return {
    registry: canvas.createCanvasRegistry({ documents, store: database, ranker: defaultRanker() }).registry,
    source: 'the canvas demo',
  };
}

/** Whether an import failed because the demo package itself is not installed (not because it is broken). */
function isMissingDemo(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(`'${DEMO_PACKAGE}'`)
  );
}
