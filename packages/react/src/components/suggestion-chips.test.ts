// @vitest-environment jsdom
import type { Suggestions } from '@affordance/client';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSuggestions } from '../hooks/use-suggestions.js';
import { SuggestionChips } from './suggestion-chips.js';

afterEach(cleanup);

const suggestions: Suggestions = {
  target: { type: 'shape', id: 'shape-1' },
  actions: [
    {
      name: 'shape_updateColor',
      title: 'Change colour',
      description: 'Recolour',
      available: true,
      inputSchema: {},
      source: 'next',
    },
    {
      name: 'shape_lock',
      title: 'Lock',
      description: 'Lock it',
      available: true,
      inputSchema: {},
      source: 'available',
    },
  ],
  prompts: [{ text: 'Make shape-1 red', action: 'shape_updateColor' }],
  source: 'rules',
};

describe('SuggestionChips', () => {
  it('is a labelled toolbar: arrows move between chips, a prompt chip sends, an action chip runs', () => {
    const sent: string[] = [];
    render(
      h(SuggestionChips, {
        suggestions,
        label: 'Next for shape-1',
        onPrompt: (prompt) => sent.push(`prompt ${prompt.text}`),
        onAction: (action) => sent.push(`action ${action.name}`),
      }),
    );
    const row = screen.getByRole('toolbar', { name: 'Next for shape-1' });
    const chips = screen.getAllByRole('button');
    expect(chips.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Send: Make shape-1 red',
      'Run Change colour',
      'Run Lock',
    ]);
    expect(chips.map((chip) => chip.tabIndex)).toEqual([0, -1, -1]);
    chips[0]?.focus();
    fireEvent.keyDown(row, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(chips[2]);
    fireEvent.keyDown(row, { key: 'Home' });
    fireEvent.keyDown(row, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chips[1]);
    fireEvent.click(chips[0]!);
    fireEvent.click(chips[1]!);
    expect(sent).toEqual(['prompt Make shape-1 red', 'action shape_updateColor']);
  });

  it('shows only the kinds it has a handler for, and nothing when there is nothing to suggest', () => {
    const { container, rerender } = render(h(SuggestionChips, { suggestions, onAction: () => undefined }));
    expect(screen.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['Change colour', 'Lock']);
    rerender(h(SuggestionChips, { suggestions: { ...suggestions, actions: [] }, onAction: () => undefined }));
    expect(container.innerHTML).toBe('');
  });
});

describe('useSuggestions', () => {
  it('fetches for the target and refetches when the action that just ran changes', async () => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return Response.json({
        ...suggestions,
        after: new URL(String(input), 'http://x').searchParams.get('after'),
      });
    }) as typeof globalThis.fetch;
    const { result, rerender } = renderHook(
      (props: { after?: string }) =>
        useSuggestions({ target: { type: 'shape', id: 'shape-1' }, ...props }, { fetch }),
      { initialProps: {} },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.suggestions?.prompts).toEqual(suggestions.prompts);
    rerender({ after: 'shape_duplicate' });
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls).toEqual([
      '/api/suggestions?target=shape%3Ashape-1',
      '/api/suggestions?target=shape%3Ashape-1&after=shape_duplicate',
    ]);
  });
});
