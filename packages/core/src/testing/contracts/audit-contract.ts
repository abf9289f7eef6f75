import type { AuditRecord } from '../../ports/audit-sink.js';
import { type ContractContext, settle } from './contract-context.js';

/** A finished call as the pipeline records it, started `second` seconds into 2031. */
export function auditRecord(
  overrides: Partial<AuditRecord> & { readonly second?: number } = {},
): AuditRecord {
  const { second = 0, ...rest } = overrides;
  const started = new Date(Date.UTC(2031, 0, 1, 0, 0, second, 125));
  return {
    callId: `call_${globalThis.crypto.randomUUID().replace(/-/g, '')}`,
    name: 'shape_updateColor',
    args: { blockId: 'shape-1', color: '#ff0000' },
    outcome: 'ok',
    startedAt: started.toISOString(),
    endedAt: new Date(started.getTime() + 7).toISOString(),
    durationMs: 6.75,
    depth: 0,
    ...rest,
  };
}

/** The audit log keeps every field, answers newest first, filters, and pages by cursor without gaps. */
export function auditContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  const recordAll = async (records: readonly AuditRecord[]) => {
    for (const record of records) await settle(store().audit.record(record));
  };

  describe('audit log', () => {
    it('answers what was recorded, newest first, once record has settled', async () => {
      const sessionId = unique('session');
      const records = [0, 1, 2].map((second) => auditRecord({ sessionId, second }));
      await recordAll(records);
      const page = await store().audit.query({ sessionId });
      expect(page.records).toEqual([...records].reverse());
      expect(page.nextCursor).toBeUndefined();
    });

    it('keeps every field of a record, nested arguments and error details included', async () => {
      const sessionId = unique('session');
      const full = auditRecord({
        sessionId,
        toolCallId: 'toolu_01A09q90qw90lq917835lq9',
        parentCallId: 'call_parent',
        userId: unique('user'),
        tenantId: 'tenant-1',
        name: 'markdown_rewrite',
        target: { type: 'markdown', id: 'md-1' },
        args: { blockId: 'md-1', nested: { list: [1, 'two', null, { deep: true }] }, token: '[redacted]' },
        outcome: 'error',
        errorCode: 'invalid_args',
        errorMessage: 'color must match ^#[0-9a-f]{6}$',
        depth: 2,
        repaired: true,
        replayed: true,
      });
      const bare = auditRecord({
        sessionId,
        second: 1,
        name: 'unknown thing',
        args: '{not json',
        outcome: 'error',
        errorCode: 'unknown_action',
      });
      const none = auditRecord({ sessionId, second: 2, args: undefined });
      await recordAll([full, bare, none]);
      const page = await store().audit.query({ sessionId });
      expect(page.records).toEqual([none, bare, full]);
      expect(page.records[2]).toEqual(full);
    });

    it('writes a record whose texts hold NUL or a lone surrogate: never refused for its characters', async () => {
      const sessionId = unique('session');
      const record = auditRecord({
        sessionId,
        name: 'bad\u0000name\ud800',
        target: { type: 'shape', id: 'id\u0000' },
        args: { text: 'a\u0000b', 'k\u0000': '\udc00' },
        outcome: 'error',
        errorCode: 'unknown_action',
        errorMessage: "there is no action named 'bad\u0000name\ud800'",
      });
      await recordAll([record]);
      const page = await store().audit.query({ sessionId });
      expect(page.records).toHaveLength(1);
      expect(page.records[0]).toMatchObject({
        callId: record.callId,
        outcome: 'error',
        errorCode: 'unknown_action',
      });
    });

    it('filters by session, user, action, outcome, error code and start time', async () => {
      const sessionId = unique('session');
      const userId = unique('user');
      const other = unique('user');
      const records = [
        auditRecord({ sessionId, userId, second: 0, name: 'a_one' }),
        auditRecord({ sessionId, userId: other, second: 10, name: 'a_two' }),
        auditRecord({
          sessionId,
          userId,
          second: 20,
          name: 'a_two',
          outcome: 'error',
          errorCode: 'forbidden',
          errorMessage: 'no',
        }),
        auditRecord({ sessionId: unique('session'), userId, second: 30, name: 'a_one' }),
      ];
      await recordAll(records);
      const [first, second, third, fourth] = records;
      const names = async (query: Parameters<ReturnType<typeof store>['audit']['query']>[0]) =>
        (await store().audit.query(query)).records.map((record) => record.callId);
      expect(await names({ sessionId })).toEqual([third!.callId, second!.callId, first!.callId]);
      expect(await names({ userId })).toEqual([fourth!.callId, third!.callId, first!.callId]);
      expect(await names({ sessionId, name: 'a_two' })).toEqual([third!.callId, second!.callId]);
      expect(await names({ userId, outcome: 'error' })).toEqual([third!.callId]);
      expect(await names({ userId, outcome: 'ok' })).toEqual([fourth!.callId, first!.callId]);
      expect(await names({ sessionId, errorCode: 'forbidden' })).toEqual([third!.callId]);
      expect(await names({ userId, since: second!.startedAt })).toEqual([fourth!.callId, third!.callId]);
      expect(await names({ userId, until: third!.startedAt })).toEqual([first!.callId]);
      expect(
        await names({ userId, since: first!.startedAt, until: fourth!.startedAt, name: 'a_one' }),
      ).toEqual([first!.callId]);
      expect(await names({ userId, name: 'nothing' })).toEqual([]);
    });

    it('pages with a cursor: every record once, newest first, and no cursor after the last page', async () => {
      const sessionId = unique('session');
      const records = Array.from({ length: 7 }, (_, second) => auditRecord({ sessionId, second }));
      await recordAll(records);
      // Records of other sessions in between must not break the pages.
      await recordAll([auditRecord({ sessionId: unique('session') })]);
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await store().audit.query({ sessionId, limit: 3, ...(cursor ? { cursor } : {}) });
        sizes.push(page.records.length);
        seen.push(...page.records.map((record) => record.callId));
        cursor = page.nextCursor;
      } while (cursor && sizes.length < 10);
      expect(sizes).toEqual([3, 3, 1]);
      expect(seen).toEqual([...records].reverse().map((record) => record.callId));
    });

    it('keeps the page size between 1 and 1000', async () => {
      const sessionId = unique('session');
      await recordAll([auditRecord({ sessionId }), auditRecord({ sessionId, second: 1 })]);
      const one = await store().audit.query({ sessionId, limit: 0 });
      expect(one.records).toHaveLength(1);
      expect(one.nextCursor).toBeDefined();
      expect((await store().audit.query({ sessionId, limit: 5000 })).records).toHaveLength(2);
    });

    it('keeps records that share a call id (a call asked for approval, then resumed)', async () => {
      const sessionId = unique('session');
      const asked = auditRecord({
        sessionId,
        outcome: 'error',
        errorCode: 'approval_required',
        errorMessage: 'waiting',
      });
      const resumed = auditRecord({ sessionId, callId: asked.callId, second: 5 });
      await recordAll([asked, resumed]);
      expect((await store().audit.query({ sessionId })).records).toEqual([resumed, asked]);
    });
  });
}
