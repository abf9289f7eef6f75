import { describe, expect, it } from 'vitest';
import { defineAction } from '../../action/define-action.js';
import type { Logger } from '../../action/types.js';
import { createMemoryIdempotencyStore } from '../../ports/idempotency-store.js';
import { createMemoryStore } from '../../ports/store.js';
import { createRegistry } from '../../registry/create-registry.js';

const TTL_MS = 1_000;

// A registry whose idempotency keys live on a clock the test moves, and a `charge` action that waits for the test
// whenever `hold()` was called before the call.
function setup() {
  let clock = 0;
  const warnings: Array<{ record: object; message: string | undefined }> = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (record, message) => warnings.push({ record, message }),
    error: (record, message) => warnings.push({ record, message: `error: ${message}` }),
  };
  const executed: number[] = [];
  let held: { started: () => void; gate: Promise<void> } | undefined;
  const registry = createRegistry({
    store: { ...createMemoryStore(), idempotency: createMemoryIdempotencyStore(() => clock) },
    idempotencyTtlMs: TTL_MS,
    logger,
    actions: [
      defineAction({
        name: 'charge',
        description: 'Charge once per idempotency key.',
        input: { type: 'object', properties: {}, additionalProperties: false },
        handler: async () => {
          const run = executed.length + 1;
          executed.push(run);
          const wait = held;
          held = undefined;
          if (wait) {
            wait.started();
            await wait.gate;
          }
          return { run };
        },
      }),
    ],
  });
  const hold = () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    held = {
      started,
      gate: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    return { running, release };
  };
  return {
    registry,
    warnings,
    executed,
    hold,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const call = { name: 'charge', args: {}, user: { id: 'ada' }, idempotencyKey: 'order-1' };

describe('idempotency claims on a moving clock', () => {
  it('a slow first call whose key expired and was re-claimed returns its own result without overwriting the newer one', async () => {
    const { registry, warnings, executed, hold, advance } = setup();
    const slow = hold();
    const first = registry.run(call);
    await slow.running;
    expect(await registry.run(call)).toMatchObject({ ok: false, error: { code: 'duplicate' } });

    advance(TTL_MS);
    const second = await registry.run(call);
    expect(second).toMatchObject({ ok: true, value: { run: 2 } });
    expect(second.replayed).toBeUndefined();

    advance(TTL_MS / 2);
    slow.release();
    expect(await first).toMatchObject({ ok: true, value: { run: 1 } });
    expect(warnings).toEqual([
      {
        record: { callId: (await first).callId, name: 'charge', key: 'ada:charge:order-1', outcome: 'ok' },
        message:
          'idempotency claim lost: the key expired and was claimed by another call, whose outcome is kept',
      },
    ]);
    expect(await registry.run(call)).toMatchObject({ ok: true, value: { run: 2 }, replayed: true });

    advance(TTL_MS / 2);
    expect(await registry.run(call)).toMatchObject({ ok: true, value: { run: 3 } });
    expect(executed).toEqual([1, 2, 3]);
  });

  it('an aborted call whose claim was lost leaves the newer claim in place', async () => {
    const { registry, warnings, executed, hold, advance } = setup();
    const slow = hold();
    const controller = new AbortController();
    const first = registry.run({ ...call, signal: controller.signal });
    await slow.running;
    advance(TTL_MS);
    const newer = hold();
    const second = registry.run(call);
    await newer.running;
    controller.abort(new Error('caller went away'));
    slow.release();
    expect(await first).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'idempotency claim lost before the aborted call could release it; the newer claim is kept',
    ]);
    expect(await registry.run(call)).toMatchObject({ ok: false, error: { code: 'duplicate' } });
    newer.release();
    expect(await second).toMatchObject({ ok: true, value: { run: 2 } });
    expect(await registry.run(call)).toMatchObject({ ok: true, value: { run: 2 }, replayed: true });
    expect(executed).toEqual([1, 2]);
  });

  it('a call that keeps its claim completes it without a warning, and an aborted one frees the key', async () => {
    const { registry, warnings, executed, hold } = setup();
    const slow = hold();
    const controller = new AbortController();
    const aborted = registry.run({ ...call, signal: controller.signal });
    await slow.running;
    controller.abort();
    slow.release();
    expect(await aborted).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(await registry.run(call)).toMatchObject({ ok: true, value: { run: 2 } });
    expect(await registry.run(call)).toMatchObject({ ok: true, value: { run: 2 }, replayed: true });
    expect(warnings).toEqual([]);
    expect(executed).toEqual([1, 2]);
  });
});
