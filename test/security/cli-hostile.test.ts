// Issue 15 through the real CLI process: a handful of hostile call-level fields and arguments (processes are
// slow); each handler run leaves exactly one audit row in the PGlite folder, and a refused call none that ran.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '@affordance/store-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../server/run-cli.js';

const SLOW = 300_000;
const folder = mkdtempSync(join(tmpdir(), 'affordance-hostile-cli-'));
const data = join(folder, 'data');
const runs = join(folder, 'runs.txt');
const registry = join(folder, 'count-registry.mjs');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// A registry module the CLI loads: its one action appends "<marker> <callId>" to a file on every handler run.
writeFileSync(runs, '');
writeFileSync(
  registry,
  `import { appendFileSync } from 'node:fs';
export const actions = [{
  name: 'count',
  description: 'Counts how often it runs',
  input: { type: 'object', properties: { marker: { type: 'string' } }, additionalProperties: true },
  handler: (input, ctx) => {
    appendFileSync(process.env.AUDIT_TEST_RUNS, input.marker + ' ' + ctx.callId + '\\n');
    return 'counted';
  },
}];
`,
);

const call = (name: string, args: string, ...flags: string[]) =>
  runCli(['call', name, '--args', args, '--registry', registry, '--data', data, '--json', ...flags], {
    env: { AUDIT_TEST_RUNS: runs },
  });

describe('hostile calls through the CLI', () => {
  it(
    'refuses bad call-level fields with a typed error before the handler, and audits every handler run once',
    async () => {
      const refused = [
        await call('count', '{"marker":"control"}', '--session', 'a\u0001b'),
        await call('count', '{"marker":"bidi"}', '--idempotency-key', 'key\u202eyek'),
        await call('count', '{"marker":"huge"}', '--session', 's'.repeat(300)),
        await call('co\u001bunt', '{"marker":"name"}'),
      ];
      for (const result of refused) {
        expect(result.code).toBe(1);
        const answer = JSON.parse(result.stdout);
        expect(answer).toMatchObject({ ok: false });
        expect(['invalid_args', 'unknown_action']).toContain(answer.error.code);
      }
      const ran = [
        await call(
          'count',
          JSON.stringify({ marker: 'nul-args', text: "a\u0000b\ud800'; DROP TABLE agent_actions; --" }),
          '--session',
          '__proto__',
        ),
        await call(
          'count',
          '{"marker":"unicode"}',
          '--session',
          'セッション🙂',
          '--idempotency-key',
          '../../etc/passwd',
        ),
      ];
      for (const result of ran)
        expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, value: 'counted' });

      const handlerRuns = readFileSync(runs, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]);
      expect(handlerRuns.map(([marker]) => marker)).toEqual(['nul-args', 'unicode']);
      const database = await createPostgresStore({ dataDir: join(data, 'db') });
      try {
        const { rows } = await database.db.query<{
          call_id: string;
          outcome: string;
          session_id: string | null;
        }>('SELECT call_id, outcome, session_id FROM agent_actions ORDER BY seq');
        expect(rows).toHaveLength(6);
        for (const [, callId] of handlerRuns)
          expect(rows.filter((row) => row.call_id === callId)).toHaveLength(1);
        expect(rows.filter((row) => row.outcome === 'ok').map((row) => row.call_id)).toEqual(
          handlerRuns.map(([, callId]) => callId),
        );
        expect(rows.map((row) => row.session_id)).toEqual([
          null,
          null,
          null,
          null,
          '__proto__',
          'セッション🙂',
        ]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
