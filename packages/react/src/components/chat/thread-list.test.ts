// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadList, type ThreadListProps } from './thread-list.js';

afterEach(cleanup);

const at = '2026-11-25T10:00:00.000Z';
const thread = (id: string, title?: string) => ({
  id,
  ...(title ? { title } : {}),
  messageCount: 2,
  createdAt: at,
  updatedAt: at,
});

function threads(overrides: Partial<ThreadListProps['threads']> = {}) {
  const calls: string[] = [];
  const value: ThreadListProps['threads'] = {
    threads: [thread('a', 'Colours'), thread('b'), thread('c', 'Layout')],
    currentId: 'b',
    status: 'idle',
    error: undefined,
    select: async (id) => {
      calls.push(`select ${id}`);
    },
    create: () => {
      calls.push('create');
      return 'new';
    },
    ...overrides,
  };
  return { value, calls };
}

describe('<ThreadList>', () => {
  it('lists the threads in a labelled nav, marks the open one, and switches or creates on click', () => {
    const { value, calls } = threads();
    render(h(ThreadList, { threads: value, classNames: { item: 'item' } }));
    const nav = screen.getByRole('navigation', { name: 'Threads' });
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Colours', 'Untitled thread', 'Layout']);
    const open = within(nav).getByRole('button', { name: 'Untitled thread' });
    expect(open.getAttribute('aria-current')).toBe('true');
    expect(open.className).toBe('item');
    expect(within(nav).getByRole('button', { name: 'Colours' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Layout' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'New thread' }));
    expect(calls).toEqual(['select c', 'create']);
  });

  it('moves between threads with the arrow keys, Home and End', () => {
    const { value } = threads();
    render(h(ThreadList, { threads: value }));
    const button = (name: string) => screen.getByRole('button', { name });
    button('Colours').focus();
    fireEvent.keyDown(button('Colours'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Untitled thread'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(button('Layout'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Layout'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(button('Colours'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(button('Colours'));
  });

  it('says why a thread could not open, and is busy while loading', () => {
    const { value } = threads({ status: 'loading', error: 'the session b belongs to another user' });
    render(h(ThreadList, { threads: value, renderTitle: (item) => `#${item.id}` }));
    expect(screen.getByRole('alert').textContent).toBe('the session b belongs to another user');
    expect(screen.getByRole('navigation').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: '#a' })).toBeTruthy();
  });
});
