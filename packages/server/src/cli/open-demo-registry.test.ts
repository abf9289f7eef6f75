import { createPostgresStore, type PostgresStore } from '@affordance/store-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PACKAGE, NO_REGISTRY_HINT, openDemoRegistry } from './open-demo-registry.js';

let database: PostgresStore | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** What node throws for `import('@affordance/canvas')` when the package is not installed. */
function notInstalled(specifier: string): Error {
  return Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/cli/open-app.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
}

describe('the registry serve opens without a module', () => {
  it('is the canvas demo, seeded, when @affordance/canvas is installed', async () => {
    database = await createPostgresStore({ dataDir: 'memory://' });
    const opened = await openDemoRegistry(database);
    expect(opened.source).toBe('the canvas demo');
    expect(opened.hint).toBeUndefined();
    expect(opened.registry.names()).toContain('shape_updateColor');
    expect(await opened.registry.resolveTarget('shape:shape-1')).toMatchObject({ type: 'shape' });
  });

  it('is empty, with a hint, when the demo is not installed (the server does not depend on it)', async () => {
    database = await createPostgresStore({ dataDir: 'memory://' });
    const opened = await openDemoRegistry(database, () => Promise.reject(notInstalled(DEMO_PACKAGE)));
    expect(opened).toMatchObject({ source: 'no registry', hint: NO_REGISTRY_HINT });
    expect(opened.registry.names()).toEqual([]);
    expect(opened.registry.store.audit).toBe(database.audit);
    expect(NO_REGISTRY_HINT).toContain('--registry');
  });

  it('reports a demo that is installed but broken instead of hiding it', async () => {
    database = await createPostgresStore({ dataDir: 'memory://' });
    const missingInside = notInstalled('some-dependency-of-the-demo');
    await expect(openDemoRegistry(database, () => Promise.reject(missingInside))).rejects.toBe(missingInside);
  });
});
