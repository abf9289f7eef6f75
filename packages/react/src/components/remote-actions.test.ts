// @vitest-environment jsdom

import type { ActionEntry, RunAction } from '@affordance/client';
import type { RunResult } from '@affordance/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionForm } from './action-form.js';
import { CommandPalette } from './command-palette.js';

afterEach(cleanup);

// Entries in the shape `GET /api/actions?target=shape:shape-2` answers (packages/server/src/routes/action-routes.ts):
// scoped actions carry the injected target id parameter `blockId` first in their input schema.
const blockId = { type: 'string', description: 'The id of the shape' };
const ENTRIES: readonly ActionEntry[] = [
  {
    name: 'shape_duplicate',
    title: 'Duplicate shape',
    description: 'Duplicate the selected shape',
    scope: 'shape',
    available: true,
    inputSchema: { type: 'object', properties: { blockId }, required: ['blockId'] },
    readOnly: false,
    destructive: false,
  },
  {
    name: 'shape_updateColor',
    title: 'Change colour',
    description: 'Fill the shape with a colour',
    scope: 'shape',
    available: true,
    inputSchema: {
      type: 'object',
      properties: {
        blockId,
        color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description: 'Hex colour' },
        opacity: { type: 'integer', minimum: 0, maximum: 100 },
      },
      required: ['blockId', 'color'],
    },
  },
  {
    name: 'shape_remove',
    title: 'Remove shape',
    description: 'Delete the shape',
    scope: 'shape',
    available: false,
    reason: 'block is locked',
    inputSchema: { type: 'object', properties: { blockId }, required: ['blockId'] },
    destructive: true,
  },
];
const target = { type: 'shape', id: 'shape-2' };

const ok = (name: string, value: unknown = null): RunResult => ({
  ok: true,
  value,
  callId: `call-${name}`,
  name,
  durationMs: 1,
  modelOutput: JSON.stringify(value),
});
const failed = (name: string, code: 'invalid_args' | 'approval_required', message: string): RunResult => ({
  ok: false,
  error: {
    code,
    message,
    ...(code === 'invalid_args'
      ? {
          issues: [
            { path: ['color'], message: 'color must match ^#[0-9a-fA-F]{6}$' },
            { path: ['opacity'], message: 'opacity must be <= 100' },
          ],
          hint: 'Use a colour like #ff0000',
        }
      : {}),
  },
  callId: `call-${name}`,
  name,
  durationMs: 1,
  modelOutput: `Error (${code}): ${message}`,
});

function server(answer: (name: string, args: Record<string, unknown>) => RunResult = (name) => ok(name)) {
  const calls: [string, Record<string, unknown>][] = [];
  const run = vi.fn<RunAction>(async (name, args) => {
    calls.push([name, args]);
    return answer(name, args);
  });
  return { calls, run };
}

const openPalette = () => fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('CommandPalette over server actions', () => {
  it('lists the entries with unavailable ones greyed and why, and runs an action without inputs on its target', async () => {
    const { calls, run } = server();
    const onRun = vi.fn();
    render(h(CommandPalette, { actions: ENTRIES, run, target, onRun }));
    expect(screen.queryByRole('combobox')).toBeNull();
    openPalette();
    expect(optionTexts()).toEqual(['Duplicate shape', 'Change colour', 'Remove shape — block is locked']);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-disabled'))).toEqual(['false', 'false', 'true']);
    expect(options[2]?.getAttribute('data-action')).toBe('shape_remove');
    expect(options[2]?.style.opacity).toBe('0.5');

    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'End' });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Remove shape is unavailable: block is locked');
    expect(calls).toEqual([]);

    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Home' });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(calls).toEqual([['shape_duplicate', { blockId: 'shape-2' }]]);
    expect(onRun).toHaveBeenCalledWith(expect.objectContaining({ ok: true, name: 'shape_duplicate' }));
  });

  it('filters the entries itself without onQueryChange, and leaves ranking to the host with it', () => {
    const { run } = server();
    render(h(CommandPalette, { actions: ENTRIES, run, target, open: true }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'FILL colour' } });
    expect(optionTexts()).toEqual(['Change colour']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'nothing like it' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No matching actions')).toBeTruthy();
    cleanup();

    const onQueryChange = vi.fn();
    render(h(CommandPalette, { actions: ENTRIES, run, target, open: true, onQueryChange, loading: true }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'colour' } });
    expect(onQueryChange).toHaveBeenLastCalledWith('colour');
    expect(optionTexts()).toHaveLength(3);
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
  });

  it('opens the form of an action with inputs, shows the fix-it error, and closes once the call succeeds', async () => {
    const { calls, run } = server((name, args) =>
      args.color === '#ff0000'
        ? ok(name)
        : failed(name, 'invalid_args', 'color must match ^#[0-9a-fA-F]{6}$'),
    );
    const onOpenChange = vi.fn();
    render(h(CommandPalette, { actions: ENTRIES, run, target, open: true, onOpenChange }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'colour' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    // The target id parameter is filled, not asked for.
    expect(screen.queryByLabelText(/blockId/)).toBeNull();
    expect(screen.getByText('shape-2').tagName).toBe('CODE');
    expect(screen.getByLabelText('color picker')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('color *'), { target: { value: 'red' } });
    fireEvent.change(screen.getByLabelText('opacity'), { target: { value: '500' } });
    fireEvent.submit(screen.getByRole('form'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'invalid_args: color must match ^#[0-9a-fA-F]{6}$color must match ^#[0-9a-fA-F]{6}$opacity must be <= 100Use a colour like #ff0000',
    );
    expect(calls).toEqual([['shape_updateColor', { color: 'red', opacity: 500, blockId: 'shape-2' }]]);

    // Escape leaves the form, Enter opens it again.
    fireEvent.keyDown(screen.getByLabelText('color *'), { key: 'Escape' });
    expect(screen.getByRole('combobox')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('color *'), { target: { value: '#ff0000' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toEqual(['shape_updateColor', { color: '#ff0000', blockId: 'shape-2' }]);
  });

  it('closes when the call waits for approval, and shows a thrown error without closing', async () => {
    let fail = true;
    const run = vi.fn<RunAction>(async (name) => {
      if (fail) throw new Error('HTTP 502 from /api/actions/shape_duplicate/run');
      return failed(name, 'approval_required', 'waiting as apr_1');
    });
    const onOpenChange = vi.fn();
    render(h(CommandPalette, { actions: ENTRIES, run, target, open: true, onOpenChange }));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'HTTP 502 from /api/actions/shape_duplicate/run',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    fail = false;
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('opens straight on an initial action, in a modal dialog with its own class, header and item rendering', async () => {
    const { run } = server();
    const onOpenChange = vi.fn();
    render(
      h(CommandPalette, {
        actions: ENTRIES,
        run,
        target,
        open: true,
        onOpenChange,
        modal: true,
        className: 'palette',
        header: h('span', null, 'Shape shape-2'),
        renderItem: (entry: ActionEntry) => h('b', null, entry.name),
        initialAction: 'shape_updateColor',
      }),
    );
    const dialog = document.querySelector('dialog.palette');
    expect(dialog).not.toBeNull();
    expect(screen.getByText('Shape shape-2')).toBeTruthy();
    expect(screen.getByRole('form', { hidden: true }).getAttribute('aria-label')).toBe('Change colour');
    // The dialog's cancel (Escape) leaves the form, then closes.
    act(() => void dialog?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(screen.getAllByRole('option', { hidden: true }).map((option) => option.innerHTML)).toEqual([
      '<b>shape_duplicate</b>',
      '<b>shape_updateColor</b>',
      '<b>shape_remove</b>',
    ]);
    expect((screen.getAllByRole('option', { hidden: true })[2] as HTMLElement).style.opacity).toBe('');
    act(() => void dialog?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('ActionForm over a server action', () => {
  it('runs the entry with typed arguments and its target, and asks for the target id when there is none', async () => {
    const { calls, run } = server((name, args) => ok(name, args.opacity));
    const onResult = vi.fn();
    render(h(ActionForm, { entry: ENTRIES[1]!, run, target: { id: 'shape-1' }, onResult }));
    fireEvent.change(screen.getByLabelText('color *'), { target: { value: '#00ff00' } });
    fireEvent.change(screen.getByLabelText('opacity'), { target: { value: '40' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ ok: true, value: 40 })),
    );
    expect(calls).toEqual([['shape_updateColor', { color: '#00ff00', opacity: 40, blockId: 'shape-1' }]]);
    expect(screen.getByRole('status').textContent).toBe('Done');
    cleanup();

    render(h(ActionForm, { entry: ENTRIES[1]!, run, targetParam: 'blockId' }));
    fireEvent.change(screen.getByLabelText('blockId *'), { target: { value: 'shape-3' } });
    fireEvent.change(screen.getByLabelText('color *'), { target: { value: '#0000ff' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(['shape_updateColor', { blockId: 'shape-3', color: '#0000ff' }]);
  });
});
