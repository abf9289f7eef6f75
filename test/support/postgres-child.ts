// A second process for the multi-process store tests, run as `node --import tsx postgres-child.ts <mode> <url> …`.
// It prints one line per fact on stdout (`ready`, a call id, a JSON summary) so the parent can read it as it goes.
import { createInterface } from 'node:readline';
import { createRegistry, type Registry } from '@affordance/core';
import { createPostgresStore } from '../../packages/store-postgres/src/index.js';
import { testActions } from './postgres-test-actions.js';
import { recoveryActions } from './recovery-actions.js';

const [mode, url, ...rest] = process.argv.slice(2);
if (!mode || !url)
  throw new Error(
    'usage: postgres-child.ts <crash|rate|idempotent|ask|hold|approve> <database url> [options]',
  );

// A database URL selects the server; anything else is a PGlite folder (single-process tests only).
const store = await createPostgresStore(
  /^postgres(ql)?:/.test(url) ? { url, poolSize: 8 } : { dataDir: url },
);
const recovering = mode === 'hold' || mode === 'approve';
// In the recovery modes the leases are short (rest[1] ms), so the parent sees them lapse once this child is killed.
const leaseMs = Number(rest[1] ?? 30_000);
const registry = createRegistry({
  store,
  actions: recovering ? recoveryActions('hang') : testActions(store),
  idempotencyLeaseMs: leaseMs,
  approvalLeaseMs: leaseMs,
});
const say = (line: string) => process.stdout.write(`${line}\n`);

switch (mode) {
  case 'crash':
    await crashLoad(registry);
    break;
  case 'rate':
  case 'idempotent':
    await waitForGo();
    say(JSON.stringify(await burst(registry, mode, Number(rest[0] ?? 40))));
    break;
  case 'ask': {
    const asked = await registry.run({
      name: 'wipe',
      args: { n: 1 },
      user: { id: 'asker' },
      sessionId: rest[0] ?? 'ask',
    });
    say(JSON.stringify(asked));
    break;
  }
  case 'hold':
    // Hold an idempotency key (sent with tool-call id rest[0]) until killed.
    await registry.run({
      name: 'reserve',
      args: { n: 1 },
      user: { id: 'guest' },
      idempotencyKey: 'seat-7',
      toolCallId: rest[0] ?? 'call_held',
    });
    break;
  case 'approve':
    // Approve approval rest[0] and run it until killed.
    await registry.approvals.approve(rest[0] ?? '', { by: 'ops' });
    break;
  default:
    throw new Error(`unknown mode ${mode}`);
}
await store.close();

// Run audited calls from 8 loops until killed, printing each call id once `run` has returned it.
async function crashLoad(target: Registry): Promise<never> {
  say('ready');
  let n = 0;
  const loop = async (): Promise<never> => {
    for (;;) {
      const result = await target.run({
        name: 'work',
        args: { n: n++ },
        user: { id: 'crash' },
        sessionId: 'crash',
      });
      if (!result.ok) throw new Error(`call failed: ${result.error.message}`);
      say(result.callId);
    }
  };
  return Promise.any(Array.from({ length: 8 }, loop));
}

async function burst(target: Registry, kind: 'rate' | 'idempotent', count: number) {
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      kind === 'rate'
        ? target.run({ name: 'limited', args: { n: index }, user: { id: `u${process.pid}` } })
        : target.run({ name: 'charge', args: { n: 1 }, user: { id: 'payer' }, idempotencyKey: 'order-42' }),
    ),
  );
  return results.map((result) => (result.ok ? (result.replayed ? 'replayed' : 'ok') : result.error.code));
}

function waitForGo(): Promise<void> {
  say('ready');
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin });
    lines.on('line', (line) => {
      if (line === 'go') {
        lines.close();
        // Stop reading, or the open stdin would keep this process alive after its work.
        process.stdin.destroy();
        resolve();
      }
    });
  });
}
