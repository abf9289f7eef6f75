import { describe, expect, it } from 'vitest';
import { approvalIdOf } from './approval-id-of.js';

describe('approvalIdOf', () => {
  it('reads the id from the approval_required error or from a streamed result text', () => {
    const error = { code: 'approval_required', message: 'waits', details: { approvalId: 'apr_7' } } as const;
    expect(approvalIdOf({ error })).toBe('apr_7');
    expect(
      approvalIdOf({ result: 'Error (approval_required): delete needs approval; waiting as apr_9.' }),
    ).toBe('apr_9');
    expect(approvalIdOf({ modelOutput: 'done' })).toBeUndefined();
  });

  it('reads no id from another error, or from an approval_required error without a string id', () => {
    expect(approvalIdOf({ error: { code: 'forbidden', details: { approvalId: 'apr_1' } } })).toBeUndefined();
    expect(
      approvalIdOf({ error: { code: 'approval_required', details: { approvalId: 7 } } }),
    ).toBeUndefined();
    expect(approvalIdOf({ error: { code: 'approval_required' } })).toBeUndefined();
  });
});
