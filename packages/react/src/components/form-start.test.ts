// @vitest-environment jsdom

import type { ActionEntry, FormValues, RunAction } from '@affordance/client';
import type { RunResult } from '@affordance/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionForm } from './action-form.js';
import { CommandPalette } from './command-palette.js';

afterEach(cleanup);

// Where a form starts: a new user opened "Change colour" on a blue shape and met #000000 and an empty box, typed
// "make it red" and lost it on the form, and with nothing selected was asked to type a `blockId`.
const updateColor: ActionEntry = {
  name: 'shape_updateColor',
  title: 'Change colour',
  description: 'Fill the shape with a colour',
  scope: 'shape',
  available: true,
  inputSchema: {
    type: 'object',
    properties: {
      blockId: { type: 'string' },
      color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      opacity: { type: 'integer', default: 100 },
    },
    required: ['blockId', 'color'],
  },
};
const blocks: Record<string, Record<string, unknown>> = {
  'shape-1': { id: 'shape-1', type: 'shape', color: '#3b82f6' },
  'shape-2': { id: 'shape-2', type: 'shape', color: '#f97316', opacity: 40 },
};
const formValues: FormValues = (_entry, targetId) => (targetId ? blocks[targetId] : undefined);
const targets = [
  { type: 'shape', id: 'shape-1', label: 'Rectangle shape-1' },
  { type: 'shape', id: 'shape-2', label: 'Ellipse shape-2' },
  { type: 'markdown', id: 'md-1' },
];

function server() {
  const calls: [string, Record<string, unknown>][] = [];
  const run = vi.fn<RunAction>(async (name, args) => {
    calls.push([name, args]);
    return { ok: true, value: null, callId: 'c', name, durationMs: 1, modelOutput: '' } as RunResult;
  });
  return { calls, run };
}

const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the form of an action, where it starts', () => {
  it("starts from the target's current values, the schema's default where it has none", () => {
    const { run } = server();
    render(h(ActionForm, { entry: updateColor, run, target: { id: 'shape-1' }, formValues }));
    expect(value('color *')).toBe('#3b82f6');
    expect(value('color picker')).toBe('#3b82f6');
    expect(value('opacity')).toBe('100');
  });

  it('shows the palette query on the form, and keeps it when going back to the list', () => {
    const { run } = server();
    // The host ranks (as the console does through the server), so "make it red" still lists Change colour.
    render(
      h(CommandPalette, {
        actions: [updateColor],
        run,
        target: { type: 'shape', id: 'shape-2' },
        open: true,
        onQueryChange: () => undefined,
      }),
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'make it red' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(document.querySelector('[data-affordance="form-query"]')?.textContent).toBe(
      'You asked: make it red',
    );
    fireEvent.keyDown(screen.getByLabelText('color *'), { key: 'Escape' });
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('make it red');
  });

  it('offers a picker of the targets of its type when none is in view, and refills from the one picked', async () => {
    const { calls, run } = server();
    render(h(CommandPalette, { actions: [updateColor], run, open: true, targets, formValues }));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    const picker = screen.getByLabelText('Shape *') as HTMLSelectElement;
    expect(picker.tagName).toBe('SELECT');
    expect([...picker.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose a shape…'],
      ['shape-1', 'Rectangle shape-1'],
      ['shape-2', 'Ellipse shape-2'],
    ]);
    expect(screen.queryByRole('textbox', { name: /blockId/ })).toBeNull();
    // Nothing picked yet: the colour swatch (which cannot be empty) is marked as showing no value.
    expect(screen.getByLabelText('color picker').hasAttribute('data-empty')).toBe(true);
    fireEvent.change(picker, { target: { value: 'shape-2' } });
    expect(screen.getByLabelText('color picker').hasAttribute('data-empty')).toBe(false);
    expect(value('color *')).toBe('#f97316');
    expect(value('opacity')).toBe('40');
    // A field the person changed stays as they left it when another target is picked.
    fireEvent.change(screen.getByLabelText('color *'), { target: { value: '#ff0000' } });
    fireEvent.change(picker, { target: { value: 'shape-1' } });
    expect(value('color *')).toBe('#ff0000');
    expect(value('opacity')).toBe('100');
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual(['shape_updateColor', { blockId: 'shape-1', color: '#ff0000', opacity: 100 }]);
  });
});
