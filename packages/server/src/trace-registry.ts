import type { Registry } from '@affordance/core';
import { traceCalls } from '@affordance/core/tracing';

const traced = new WeakSet<Registry>();

/** Turn on OpenTelemetry spans for the registry's calls (`traceCalls()`), once however many servers serve it. */
export function traceRegistry(registry: Registry): void {
  if (traced.has(registry)) return;
  traced.add(registry);
  registry.observe(traceCalls());
}
