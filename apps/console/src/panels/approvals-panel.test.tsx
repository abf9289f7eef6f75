// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingApproval, RunResult } from '../api/types.js';
import { ApprovalsPanel } from './approvals-panel.js';

afterEach(() => cleanup());

const approval = (id: string, status: PendingApproval['status'], extra: Partial<PendingApproval> = {}) =>
  ({
    id,
    callId: `call-${id}`,
    name: 'shape_remove',
    args: { blockId: `shape-${id}` },
    user: { id: 'ana' },
    context: {},
    sessionId: undefined,
    idempotencyKey: undefined,
    requestedAt: '2031-01-01T10:00:00.000Z',
    status,
    ...extra,
  }) as PendingApproval;

describe('ApprovalsPanel', () => {
  it('shows each state: Approve and Deny while pending, Retry when interrupted, nothing while running', async () => {
    const decide = vi.fn(
      async (): Promise<RunResult> =>
        ({ ok: true, value: null, callId: 'c', name: 'shape_remove', durationMs: 1 }) as unknown as RunResult,
    );
    render(
      <ApprovalsPanel
        approvals={[
          approval('1', 'pending'),
          approval('2', 'running'),
          approval('3', 'interrupted', {
            outcome: { ok: false, errorCode: 'aborted', message: 'the process running it stopped' },
          }),
        ]}
        decide={decide}
        notify={() => {}}
      />,
    );
    const item = (id: string) => within(document.querySelector(`[data-approval="${id}"]`) as HTMLElement);
    expect(item('1').getByText('waiting')).toBeTruthy();
    expect(
      item('1')
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Deny', 'Approve']);
    expect(item('2').getByText('running')).toBeTruthy();
    expect(item('2').queryAllByRole('button')).toEqual([]);
    expect(item('3').getByText('interrupted')).toBeTruthy();
    expect(item('3').getByText('the process running it stopped')).toBeTruthy();
    fireEvent.click(item('3').getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith('3', 'retry'));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
