import { describe, expect, it } from 'vitest';
import { auditRecord } from '../testing/contracts/audit-contract.js';
import { createMemoryAuditLog } from './audit-sink.js';

describe('createMemoryAuditLog', () => {
  it('keeps the newest `capacity` records once it has wrapped around', async () => {
    const log = createMemoryAuditLog({ capacity: 3 });
    const records = [0, 1, 2, 3, 4, 5, 6].map((second) => auditRecord({ second }));
    for (const record of records) log.record(record);
    const page = await log.query({ limit: 10 });
    expect(page.records).toEqual([records[6], records[5], records[4]]);
    expect(page.nextCursor).toBeUndefined();
  });

  it('pages across the wrap without gaps or repeats, filters included', async () => {
    const log = createMemoryAuditLog({ capacity: 5 });
    const records = Array.from({ length: 12 }, (_, second) =>
      auditRecord({ second, outcome: second % 2 ? 'error' : 'ok' }),
    );
    for (const record of records) log.record(record);
    const seen = [];
    let cursor: string | undefined;
    do {
      const page = await log.query({ limit: 2, outcome: 'ok', ...(cursor ? { cursor } : {}) });
      seen.push(...page.records);
      cursor = page.nextCursor;
    } while (cursor);
    // The newest five are records 7..11; of those, 8 and 10 are 'ok'.
    expect(seen).toEqual([records[10], records[8]]);
  });

  it('answers an empty page for a cursor that is not a number', async () => {
    const log = createMemoryAuditLog({ capacity: 2 });
    log.record(auditRecord());
    expect(await log.query({ cursor: 'garbage' })).toEqual({ records: [] });
  });

  it('refuses a capacity that is not a positive whole number', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => createMemoryAuditLog({ capacity })).toThrow(RangeError);
  });
});
