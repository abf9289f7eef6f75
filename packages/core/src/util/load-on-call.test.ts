import { describe, expect, it } from 'vitest';
import { loadOnCall } from './load-on-call.js';

interface Counter {
  add(by: number): Promise<number>;
  read(): Promise<number>;
}

describe('loadOnCall', () => {
  it('loads once, on the first call of any method, and delegates every call', async () => {
    let loads = 0;
    let total = 0;
    const counter = loadOnCall<Counter>(
      async () => {
        loads++;
        return { add: async (by) => (total += by), read: async () => total };
      },
      { add: true, read: true },
    );
    expect(loads).toBe(0);
    await Promise.all([counter.add(2), counter.add(3)]);
    expect(await counter.read()).toBe(5);
    expect(loads).toBe(1);
  });

  it('fails the calls of a failed load and loads again on the next call', async () => {
    let attempts = 0;
    const counter = loadOnCall<Counter>(
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('chunk failed to load');
        return { add: async (by) => by, read: async () => 0 };
      },
      { add: true, read: true },
    );
    await expect(counter.add(1)).rejects.toThrow('chunk failed to load');
    expect(await counter.add(4)).toBe(4);
    expect(attempts).toBe(2);
  });

  it('names every method of the type (a list that leaves one out does not compile)', () => {
    // @ts-expect-error `read` is missing
    const partial = loadOnCall<Counter>(async () => ({ add: async (by) => by, read: async () => 0 }), {
      add: true,
    });
    expect(Object.keys(partial)).toEqual(['add']);
  });
});
