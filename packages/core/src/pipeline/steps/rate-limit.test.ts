import { describe, expect, it } from 'vitest';
import { createRegistry, defineAction, type RunResult } from '../../index.js';
import type { RateLimiter } from '../../ports/index.js';

/** The result without its timing and id, which differ from call to call. */
function comparable(result: RunResult) {
  const { durationMs: _duration, callId: _id, ...rest } = result;
  return rest;
}

/** A rate limiter port that records each request and answers through `answer`. */
function spyLimiter(answer: (count: number) => ReturnType<RateLimiter['consume']>) {
  const keys: string[] = [];
  const limiter: RateLimiter = {
    consume({ key }) {
      keys.push(key);
      return answer(keys.length);
    },
  };
  return { limiter, keys };
}

describe('rate limits in the compiled plan', () => {
  const limited = (rateLimit?: Parameters<typeof defineAction>[0]['rateLimit']) =>
    defineAction({
      name: 'ping',
      description: 'Pings',
      ...(rateLimit ? { rateLimit } : {}),
      handler: () => 'pong',
    });

  it('never asks the limiter for an action without a rate limit', async () => {
    const { limiter, keys } = spyLimiter(() => ({ allowed: true }));
    const registry = createRegistry({ actions: [limited()], store: { rateLimiter: limiter } });
    expect((await registry.run({ name: 'ping' })).ok).toBe(true);
    expect(keys).toEqual([]);
  });

  it('asks once per window with keys per user, session, tenant and globally', async () => {
    const { limiter, keys } = spyLimiter(() => ({ allowed: true }));
    const registry = createRegistry({
      actions: [
        limited([
          { points: 5, duration: 60 },
          { points: 50, duration: 3600, per: 'session' },
          { points: 500, duration: 60, per: 'tenant' },
          { points: 9, duration: 1, per: 'global' },
        ]),
      ],
      store: { rateLimiter: limiter },
    });
    const user = { id: 'ada', tenantId: 'acme' };
    await registry.run({ name: 'ping', user, sessionId: 's1' });
    await registry.run({ name: 'ping' });
    expect(keys).toEqual([
      'ping:5/60:user:ada',
      'ping:50/3600:session:s1',
      'ping:500/60:tenant:acme',
      'ping:9/1:global',
      'ping:5/60:user:anonymous',
      'ping:50/3600:session:none',
      'ping:500/60:tenant:default',
      'ping:9/1:global',
    ]);
  });

  it('refuses the same way whether the limiter answers synchronously or with a promise', async () => {
    const refuse = (count: number) =>
      count === 2 ? { allowed: false as const, retryAfterMs: 1500 } : { allowed: true as const };
    const rules = [
      { points: 1, duration: 60 },
      { points: 2, duration: 60, per: 'global' as const },
    ];
    const outcomes = [];
    for (const answer of [refuse, async (count: number) => refuse(count)]) {
      const { limiter, keys } = spyLimiter(answer);
      const registry = createRegistry({ actions: [limited(rules)], store: { rateLimiter: limiter } });
      const result = await registry.run({ name: 'ping', user: { id: 'u' } });
      outcomes.push({ result: comparable(result), keys });
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]!.keys).toEqual(['ping:1/60:user:u', 'ping:2/60:global']);
    expect(outcomes[0]!.result).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', details: { retryAfterMs: 1500, per: 'global' } },
    });
  });

  it('reports a limiter that throws or rejects in its own words, and logs what the store said', async () => {
    for (const answer of [
      (): never => {
        throw new Error('counter offline');
      },
      async (): Promise<never> => {
        throw new Error('counter offline');
      },
    ]) {
      const { limiter } = spyLimiter(answer);
      const errors: unknown[] = [];
      const logger = { debug() {}, info() {}, warn() {}, error: (entry: object) => errors.push(entry) };
      const registry = createRegistry({
        actions: [limited({ points: 1, duration: 1 })],
        store: { rateLimiter: limiter },
        logger,
      });
      const result = await registry.run({ name: 'ping' });
      expect(result.ok ? undefined : result.error).toMatchObject({
        code: 'handler_error',
        message: 'the rate limiter failed, so ping did not run',
        details: { step: 'rate-limit' },
      });
      expect(JSON.stringify(result)).not.toContain('counter offline');
      expect(errors).toEqual([expect.objectContaining({ step: 'rate-limit', err: expect.any(Error) })]);
    }
  });

  it('counts with the default in-memory limiter and refuses past the points', async () => {
    const registry = createRegistry({ actions: [limited({ points: 2, duration: 60 })] });
    const user = { id: 'u' };
    const results = [];
    for (let call = 0; call < 3; call++) results.push(await registry.run({ name: 'ping', user }));
    expect(results.map((result) => result.ok)).toEqual([true, true, false]);
    const refused = results[2]!;
    expect(refused.ok ? undefined : refused.error.message).toMatch(
      /^ping may run at most 2 times per 60 s per user; try again in \d+ s$/,
    );
    expect((await registry.run({ name: 'ping', user: { id: 'other' } })).ok).toBe(true);
  });
});
