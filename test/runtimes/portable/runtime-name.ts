interface RuntimeGlobals {
  readonly Bun?: { readonly version: string };
  readonly Deno?: { readonly version: { readonly deno: string } };
  readonly navigator?: { readonly userAgent?: string };
  readonly process?: { readonly versions?: { readonly node?: string } };
}

/** The runtime this code runs in, with its version: `bun 1.4.5`, `deno 2.9.6`, `workerd`, `node 22.23.3`. */
export function runtimeName(): string {
  const globals = globalThis as RuntimeGlobals;
  if (globals.Bun) return `bun ${globals.Bun.version}`;
  if (globals.Deno) return `deno ${globals.Deno.version.deno}`;
  // Checked before `process`: with nodejs_compat a worker has a `process` too.
  if (globals.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (globals.process?.versions?.node) return `node ${globals.process.versions.node}`;
  return 'unknown';
}
