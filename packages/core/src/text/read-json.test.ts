import { describe, expect, it } from 'vitest';
import { createRepairBudget, readJson } from './read-json.js';

describe('readJson', () => {
  it('reads JSON as it is, and repairs near-JSON with a flag', () => {
    expect(readJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 }, repaired: false });
    expect(readJson("{a: 'x', b: [1, 2,],}")).toEqual({
      ok: true,
      value: { a: 'x', b: [1, 2] },
      repaired: true,
    });
    expect(readJson('{"a": 1, : }')).toMatchObject({ ok: false, message: expect.any(String) });
  });

  it('spends a budget on repairs, then only closes cut-off text, then stops reading', () => {
    const budget = { remaining: 512, failures: 4, perText: 100 };
    expect(readJson("{'a': 1}", budget)).toMatchObject({ ok: true, repaired: true });
    expect(budget).toEqual({ remaining: 256, failures: 3, perText: 100 });
    expect(readJson("{'a': 1}", budget)).toMatchObject({ ok: true, repaired: true });
    // Out of repair budget: a cut-off object is still closed, single quotes are no longer fixed.
    expect(readJson('{"a": "cut', budget)).toEqual({ ok: true, value: { a: 'cut' }, repaired: true });
    expect(readJson("{'a': 1}", budget)).toMatchObject({
      ok: false,
      message: expect.stringContaining('too many broken objects'),
    });
    expect(budget.failures).toBeLessThanOrEqual(0);
    expect(readJson('{"valid": true}', budget)).toEqual({
      ok: false,
      message: 'not read: this answer holds too many broken JSON objects',
    });
  });

  it('closes a cut-off text longer than one repair may take, and says when it cannot', () => {
    const long = `{"text": "${'x'.repeat(40_000)}`;
    expect(readJson(long, createRepairBudget())).toMatchObject({ ok: true, repaired: true });
    expect(readJson(`{'text': '${'x'.repeat(40_000)}'}`, createRepairBudget())).toMatchObject({
      ok: false,
      message: expect.stringContaining('too long to repair'),
    });
  });
});
