import type { Store } from '../../ports/store.js';
import type { ContractTestApi } from '../contract-api.js';

/** What each part of the store contract is given. */
export interface ContractContext {
  readonly api: ContractTestApi;
  /** The store under test (created before each test if it is not yet). */
  store(): Store;
  /** A name no other test of this run uses, for sessions, users and keys. */
  unique(label: string): string;
}

/** Await a value that a port may answer synchronously or with a promise. */
export async function settle<TValue>(value: TValue | Promise<TValue>): Promise<TValue> {
  return value;
}
