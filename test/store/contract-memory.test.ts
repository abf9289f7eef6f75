import { createMemoryStore } from '@affordance/core';
import { describeStoreContract } from '@affordance/core/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

describeStoreContract('memory store', () => createMemoryStore(), {
  describe,
  it,
  expect,
  beforeEach,
  afterAll,
});
