import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Import a user's module by path: JavaScript natively, TypeScript (`.ts`, `.mts`, `.cts`, `.tsx`) through tsx's
 * `tsImport`, so the built CLI loads `./my-actions.ts` without a loader flag. A TypeScript file outside an ESM
 * package compiles to CommonJS; its exports are unwrapped so `export default` reads the same either way.
 */
export async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(resolve(path)).href;
  if (!/\.([cm]?ts|tsx)$/.test(path)) return (await import(url)) as Record<string, unknown>;
  const { tsImport } = await import('tsx/esm/api');
  const namespace = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  const inner = namespace.default as Record<string, unknown> | undefined;
  return typeof inner === 'object' && inner !== null && inner.__esModule === true ? inner : namespace;
}
