// @vitest-environment jsdom
import { createRegistry, defineAction } from '@affordance/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AffordanceProvider } from '../affordance-provider.js';
import { ActionContextMenu } from './action-context-menu.js';
import { ActionMenu } from './action-menu.js';

afterEach(cleanup);

const entries = [
  { name: 'rename', title: 'Rename', description: 'Rename it', available: true, inputSchema: {} },
  {
    name: 'delete',
    title: 'Delete',
    description: 'Delete it',
    available: false,
    reason: 'the shape is locked',
    inputSchema: {},
  },
  { name: 'copy', title: 'Copy', description: 'Copy it', available: true, inputSchema: {} },
];

describe('ActionMenu', () => {
  it('moves with the arrows past greyed entries, chooses only available ones, and closes on Escape', () => {
    const chosen: string[] = [];
    let closed = 0;
    render(
      h(ActionMenu, {
        actions: entries,
        at: { x: 10, y: 10 },
        label: 'Actions for shape 1',
        onChoose: (entry) => chosen.push(entry.name),
        onClose: () => closed++,
      }),
    );
    const menu = screen.getByRole('menu', { name: 'Actions for shape 1' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Rename', 'Delete — the shape is locked', 'Copy']);
    expect(items[1]?.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Enter' });
    expect(chosen).toEqual([]);
    fireEvent.keyDown(menu, { key: 'End' });
    fireEvent.keyDown(menu, { key: ' ' });
    fireEvent.click(items[0]!);
    expect(chosen).toEqual(['copy', 'rename']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    fireEvent.mouseDown(document.body);
    expect(closed).toBe(2);
  });
});

describe('ActionContextMenu', () => {
  it('opens on right-click with the given entries and gives focus back to the element on Escape', () => {
    const chosen: string[] = [];
    render(
      h(
        ActionContextMenu,
        { actions: entries, label: 'Shape actions', onChoose: (entry) => chosen.push(entry.name) },
        h('button', { type: 'button' }, 'Shape 1'),
      ),
    );
    const trigger = screen.getByRole('button', { name: 'Shape 1' });
    trigger.focus();
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(trigger, { clientX: 40, clientY: 50 });
    const menu = screen.getByRole('menu', { name: 'Shape actions' });
    expect(document.activeElement?.textContent).toBe('Rename');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    // Shift+F10 opens it from the keyboard; choosing closes it and hands over the entry.
    fireEvent.keyDown(trigger, { key: 'F10', shiftKey: true });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Enter' });
    expect(chosen).toEqual(['rename']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("lists the provider registry's actions for the target, with why one is unavailable", () => {
    const registry = createRegistry({
      targets: { get: (type, id) => (type === 'shape' ? { type, id, locked: id === 's1' } : undefined) },
      actions: [
        defineAction({ name: 'duplicate', description: 'Duplicate', scope: 'shape', handler: () => 1 }),
        defineAction({
          name: 'delete',
          description: 'Delete',
          scope: 'shape',
          when: ({ target }) => (target?.locked ? { available: false, reason: 'the shape is locked' } : true),
          handler: () => 1,
        }),
      ],
    });
    render(
      h(
        AffordanceProvider,
        { registry },
        h(
          ActionContextMenu,
          { target: { type: 'shape', id: 's1' }, onChoose: () => undefined },
          h('p', null, 'shape s1'),
        ),
      ),
    );
    act(() => {
      fireEvent.contextMenu(screen.getByText('shape s1'));
    });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.dataset.action, item.getAttribute('aria-disabled')])).toEqual([
      ['shape_duplicate', 'false'],
      ['shape_delete', 'true'],
    ]);
    expect(items[1]?.textContent).toContain('the shape is locked');
  });
});
