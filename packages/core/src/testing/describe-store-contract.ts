import type { Store } from '../ports/store.js';
import type { ContractTestApi } from './contract-api.js';
import { agentRunContract } from './contracts/agent-run-contract.js';
import { approvalContract } from './contracts/approval-contract.js';
import { auditContract } from './contracts/audit-contract.js';
import type { ContractContext } from './contracts/contract-context.js';
import { historyContract } from './contracts/history-contract.js';
import { idempotencyContract } from './contracts/idempotency-contract.js';
import { rateLimitContract } from './contracts/rate-limit-contract.js';
import { registryContract } from './contracts/registry-contract.js';

const CREATE_TIMEOUT_MS = 120_000;

/**
 * Declare the store contract suite: every behaviour the run pipeline relies on, for each port of a `Store`.
 * `create` is called once before the first test; a `close()` on the store is awaited after the last. Tests keep
 * to their own session, user and key names, so one store (one database) serves the whole suite.
 */
export function describeStoreContract(
  name: string,
  create: () => Store | Promise<Store>,
  api: ContractTestApi,
): void {
  let store: Store | undefined;
  let creating: Promise<Store> | undefined;
  let counter = 0;
  const run = globalThis.crypto.randomUUID().slice(0, 8);
  const context: ContractContext = {
    api,
    store: () => {
      if (!store) throw new Error('the store contract ran a test before its store was created');
      return store;
    },
    unique: (label) => `${label}-${run}-${++counter}`,
  };
  api.describe(`${name} (store contract)`, () => {
    api.beforeEach(async () => {
      // One creation, however many tests wait for it (an embedded database can take seconds to start).
      creating ??= Promise.resolve(create());
      store = await creating;
    }, CREATE_TIMEOUT_MS);
    api.afterAll(async () => {
      const closable = (creating ? await creating : undefined) as
        | (Store & { close?: () => unknown })
        | undefined;
      if (typeof closable?.close === 'function') await closable.close();
    }, CREATE_TIMEOUT_MS);
    auditContract(context);
    approvalContract(context);
    agentRunContract(context);
    idempotencyContract(context);
    rateLimitContract(context);
    historyContract(context);
    registryContract(context);
  });
}
