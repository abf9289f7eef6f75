import { createMemoryStore } from '@affordance/core';
import { describeStoreContract } from '@affordance/core/testing';
import { createMiniRunner, type MiniRunner, type RunSummary } from './mini-runner.js';
import { runtimeName } from './runtime-name.js';

/** A contract run, as a runtime reports it: which runtime, then the counts and failures. */
export interface ContractReport extends RunSummary {
  readonly runtime: string;
}

/** The store contract suite on a memory store, collected into a fresh mini runner. */
export function collectContracts(): MiniRunner {
  const runner = createMiniRunner();
  describeStoreContract('memory store', () => createMemoryStore(), runner.api);
  return runner;
}

/** Run the store contract suite on a memory store in this runtime. */
export async function runContracts(
  options: { readonly testTimeoutMs?: number } = {},
): Promise<ContractReport> {
  const summary = await collectContracts().run(options);
  return { runtime: runtimeName(), ...summary };
}
