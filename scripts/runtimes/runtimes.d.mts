/** A runtime of the matrix: its label, pinned version, and per platform the npm package and binary path in it. */
export interface RuntimeEntry {
  readonly label: string;
  readonly version: string;
  readonly packages: Readonly<Record<string, readonly [spec: string, binary: string]>>;
}

/** The names of the runtimes of the matrix. */
export type RuntimeName = 'node20' | 'node22' | 'node24' | 'bun' | 'deno' | 'workerd';

export const RUNTIMES: Readonly<Record<RuntimeName, RuntimeEntry>>;
export function workerdDate(): string;
export function platformKey(): string;
export function runtimesDir(): string;
export function overrideVariable(name: RuntimeName): string;
export function cacheDependencies(platform?: string): Record<string, string>;
export function installedBinary(name: RuntimeName, platform?: string): string | undefined;
export function findRuntime(name: RuntimeName): string | undefined;
