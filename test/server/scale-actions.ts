// The registry module both `affordance serve` processes of two-servers.test.ts load with --registry: plain action
// definitions over the DATABASE_URL they share. Each execution leaves a row in `test_executions`, so the test can
// count how often a handler really ran across both processes.
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, allowExitOnIdle: true });

async function execute(action: string, n: number | undefined) {
  await pool.query('INSERT INTO test_executions (action, n, pid) VALUES ($1, $2, $3)', [
    action,
    n ?? null,
    process.pid,
  ]);
  return { n: n ?? 0, pid: process.pid };
}

const input = { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } as const;

export const actions = [
  {
    name: 'limited',
    description: 'Work that may run 10 times an hour in total.',
    input,
    rateLimit: { points: 10, duration: 3600, per: 'global' },
    handler: (args: { n?: number }) => execute('limited', args.n),
  },
  {
    name: 'charge',
    description: 'Charge once per idempotency key.',
    input,
    handler: async (args: { n?: number }) => {
      const done = await execute('charge', args.n);
      // Hold the claim a moment so the calls sent to the other server arrive while it runs.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return done;
    },
  },
  {
    name: 'wipe',
    description: 'Wipe, once a person agrees.',
    input,
    approval: 'always',
    handler: (args: { n?: number }) => execute('wipe', args.n),
  },
];
