// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAffordance } from '../affordance-context.js';
import { type AssistantActionOptions, useAssistantAction } from '../hooks/use-assistant-action.js';
import { mockAssistantAction } from './mock-assistant-action.js';

afterEach(cleanup);

const confirmAction: AssistantActionOptions<
  {
    readonly type: 'object';
    readonly properties: { readonly action: { readonly type: 'string' } };
    readonly required: readonly ['action'];
  },
  string
> = {
  name: 'confirmAction',
  description: 'Ask the user to confirm an action before proceeding',
  parameters: { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] },
  handler: async ({ action }) => `confirmed ${action}`,
};

function ConfirmButton() {
  const { executeAction } = useAffordance();
  const [text, setText] = useState('');
  return h(
    'button',
    {
      type: 'button',
      onClick: async () => setText((await executeAction('confirmAction', { action: 'deploy' })).modelOutput),
    },
    text || 'Confirm',
  );
}

describe('mockAssistantAction', () => {
  it('registers the action so its tool definition is offered, and the hook keeps it registered', () => {
    const { TestWrapper, getToolDefinitions, registry } = mockAssistantAction(confirmAction);
    expect(getToolDefinitions()).toEqual([expect.objectContaining({ name: 'confirmAction' })]);
    const { unmount } = renderHook(() => useAssistantAction(confirmAction), { wrapper: TestWrapper });
    expect(registry.names()).toEqual(['confirmAction']);
    unmount();
    expect(registry.names()).toEqual([]);
  });

  it('records calls and answers with the mocked value', async () => {
    const { TestWrapper, executeAction } = mockAssistantAction(confirmAction);
    executeAction.mockResolvedValue('approved');
    render(h(TestWrapper, null, h(ConfirmButton)));
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(screen.getByText('approved')).toBeTruthy());
    expect(executeAction.calls).toEqual([['confirmAction', { action: 'deploy' }]]);
  });

  it('runs the real registry until mocked, and can fail on demand', async () => {
    const { TestWrapper, executeAction } = mockAssistantAction(confirmAction);
    render(h(TestWrapper, null, h(ConfirmButton)));
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(screen.getByText('confirmed deploy')).toBeTruthy());
    executeAction.mockRejectedValue('the user closed the dialog');
    fireEvent.click(screen.getByText('confirmed deploy'));
    await waitFor(() =>
      expect(screen.getByText('Error (handler_error): the user closed the dialog')).toBeTruthy(),
    );
    expect(executeAction.calls).toHaveLength(2);
  });
});
