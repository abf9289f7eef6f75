// @vitest-environment jsdom
import { createRegistry, defineAction } from '@affordance/core';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AffordanceProvider } from '../affordance-provider.js';
import { useAvailableActions } from '../hooks/use-available-actions.js';
import { ActionForm } from './action-form.js';
import { CommandPalette } from './command-palette.js';

afterEach(cleanup);

const locked = { type: 'shape', id: 's1', locked: true };

function shapes() {
  const calls: string[] = [];
  const shapesById: Record<string, { type: string; id: string; locked?: boolean }> = {
    s1: locked,
    s2: { type: 'shape', id: 's2' },
    s9: { type: 'shape', id: 's9' },
  };
  const registry = createRegistry({
    targets: { get: (type, id) => (shapesById[id]?.type === type ? shapesById[id] : undefined) },
    actions: [
      defineAction({
        name: 'duplicate',
        title: 'Duplicate shape',
        description: 'Duplicate the selected shape',
        scope: 'shape',
        handler: () => calls.push('duplicate'),
      }),
      defineAction({
        name: 'delete',
        title: 'Delete shape',
        description: 'Delete the selected shape',
        scope: 'shape',
        when: ({ target }) => (target?.locked ? { available: false, reason: 'the shape is locked' } : true),
        handler: () => calls.push('delete'),
      }),
      defineAction({
        name: 'resize',
        title: 'Resize shape',
        description: 'Resize the selected shape to a width in pixels',
        scope: 'shape',
        input: {
          type: 'object',
          properties: {
            width: { type: 'integer', minimum: 1, maximum: 800, description: 'pixels' },
            unit: { enum: ['px', 'pt'] },
            keepRatio: { type: 'boolean' },
          },
          required: ['width'],
        } as const,
        handler: (input) => {
          calls.push(`resize ${input.width}${input.unit ?? ''} ${String(input.keepRatio ?? false)}`);
          return input.width;
        },
      }),
    ],
  });
  const wrapper = ({ children }: { children?: ReactNode }) => h(AffordanceProvider, { registry }, children);
  return { registry, calls, wrapper };
}

describe('useAvailableActions', () => {
  it('lists every action with the reason the unavailable ones are greyed out, ranked by the query', () => {
    const { wrapper } = shapes();
    const { result, rerender } = renderHook(
      ({ query }: { query?: string }) => useAvailableActions({ target: locked, ...(query ? { query } : {}) }),
      {
        wrapper,
        initialProps: {},
      },
    );
    expect(result.current.map(({ name, available, reason }) => ({ name, available, reason }))).toEqual([
      { name: 'shape_duplicate', available: true, reason: undefined },
      { name: 'shape_resize', available: true, reason: undefined },
      { name: 'shape_delete', available: false, reason: 'the shape is locked' },
    ]);
    rerender({ query: 'width pixels' });
    expect(result.current[0]?.name).toBe('shape_resize');
  });

  it('follows registrations', () => {
    const { registry, wrapper } = shapes();
    const { result } = renderHook(() => useAvailableActions(), { wrapper });
    expect(result.current).toHaveLength(3);
    act(
      () =>
        void registry.register(
          defineAction({ name: 'group', description: 'Group shapes', handler: () => 1 }),
        ),
    );
    expect(result.current.map((entry) => entry.name)).toContain('group');
  });
});

describe('CommandPalette', () => {
  it('opens on Ctrl-K, moves with the arrows, runs with Enter and closes', async () => {
    const { calls, wrapper } = shapes();
    const onRun = vi.fn();
    render(h(CommandPalette, { target: locked, onRun }), { wrapper });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    const input = screen.getByRole('combobox');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Duplicate shape',
      'Resize shape',
      'Delete shape — the shape is locked',
    ]);
    expect(options[2]?.getAttribute('aria-disabled')).toBe('true');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(calls).toEqual(['duplicate']);
    expect(onRun).toHaveBeenCalledWith(expect.objectContaining({ ok: true, name: 'shape_duplicate' }));
  });

  it('does nothing on Enter over a greyed-out item, and Escape closes', () => {
    const { calls, wrapper } = shapes();
    render(h(CommandPalette, { target: locked }), { wrapper });
    fireEvent.keyDown(document, { key: 'k', metaKey: true });
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls).toEqual([]);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('filters through the ranking and opens the form of an action with inputs', async () => {
    const { calls, wrapper } = shapes();
    render(h(CommandPalette, { target: { type: 'shape', id: 's2' } }), { wrapper });
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'resize' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Resize shape']);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    fireEvent.change(await screen.findByLabelText('width *'), { target: { value: '120' } });
    fireEvent.click(screen.getByText('Resize shape'));
    await waitFor(() => expect(calls).toEqual(['resize 120 false']));
  });
});

describe('ActionForm', () => {
  it('renders controls from the JSON Schema and runs the action with typed arguments', async () => {
    const { calls, wrapper } = shapes();
    const onResult = vi.fn();
    render(h(ActionForm, { name: 'shape_resize', target: { id: 's9' }, onResult }), { wrapper });
    fireEvent.change(screen.getByLabelText('width *'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('unit'), { target: { value: 'pt' } });
    fireEvent.click(screen.getByLabelText('keepRatio'));
    expect(screen.getByText('pixels')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ ok: true, value: 300 })),
    );
    expect(calls).toEqual(['resize 300pt true']);
  });

  it('shows the fix-it error when the arguments are invalid', async () => {
    const { calls, wrapper } = shapes();
    render(h(ActionForm, { name: 'shape_resize', target: { id: 's9' } }), { wrapper });
    fireEvent.change(screen.getByLabelText('width *'), { target: { value: '9000' } });
    fireEvent.submit(screen.getByRole('form'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/width/);
    expect(alert.textContent).toMatch(/800/);
    expect(calls).toEqual([]);
  });

  it('says so when the action is not registered', () => {
    const { wrapper } = shapes();
    render(h(ActionForm, { name: 'nope' }), { wrapper });
    expect(screen.getByRole('alert').textContent).toBe('No action named nope is registered');
  });
});
