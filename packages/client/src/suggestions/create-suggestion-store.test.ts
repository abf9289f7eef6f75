import { describe, expect, it } from 'vitest';
import { createSuggestionStore } from './create-suggestion-store.js';
import { fetchSuggestions, SuggestionsError, suggestionsUrl } from './fetch-suggestions.js';
import { suggestionChips } from './suggestion-chips.js';

const answer = {
  target: { type: 'shape', id: 'shape-1' },
  actions: [
    {
      name: 'shape_updateColor',
      title: 'Change colour',
      description: 'Recolour a shape',
      available: true,
      inputSchema: { type: 'object', properties: {} },
      source: 'next',
    },
  ],
  prompts: [{ text: 'Make shape-1 red', action: 'shape_updateColor' }],
  source: 'model',
};

/** A fetch that records the URLs it was asked for and answers each from `respond`. */
function recordingFetch(respond: (url: string) => Response | Promise<Response>) {
  const urls: string[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return respond(String(input));
  }) as typeof fetch;
  return { urls, fetch: doFetch };
}

describe('suggestions (framework-free)', () => {
  it('builds the query string from the defined values', () => {
    expect(
      suggestionsUrl('/api/suggestions', { target: { type: 'shape', id: 'a b' }, after: 'x', q: '  ' }),
    ).toBe('/api/suggestions?target=shape%3Aa+b&after=x');
    expect(suggestionsUrl('/s?k=1', { limit: 3 })).toBe('/s?k=1&limit=3');
    expect(suggestionsUrl('/s', {})).toBe('/s');
  });

  it("rejects with the server's code and message", async () => {
    const { fetch } = recordingFetch(() =>
      Response.json(
        { error: { code: 'target_not_found', message: 'there is no such target' } },
        { status: 404 },
      ),
    );
    const failed = fetchSuggestions({ target: 'shape:nope' }, { fetch });
    await expect(failed).rejects.toBeInstanceOf(SuggestionsError);
    await expect(failed).rejects.toMatchObject({
      code: 'target_not_found',
      message: 'there is no such target',
    });
    const html = recordingFetch(() => new Response('<html>', { status: 200 }));
    await expect(fetchSuggestions({}, { fetch: html.fetch })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('keeps the last answer while loading, ignores an answer overtaken by a newer query', async () => {
    let release: (() => void) | undefined;
    const { fetch, urls } = recordingFetch(async (url) => {
      if (url.includes('slow')) await new Promise<void>((resolve) => (release = resolve));
      return Response.json({ ...answer, after: url });
    });
    const store = createSuggestionStore({ fetch, headers: { authorization: 'Bearer k' } });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    const slow = store.load({ target: 'shape:shape-1', after: 'slow' });
    const fast = store.load({ target: 'shape:shape-1', after: 'fast' });
    await fast;
    release?.();
    await slow;
    expect(urls).toEqual([
      '/api/suggestions?target=shape%3Ashape-1&after=slow',
      '/api/suggestions?target=shape%3Ashape-1&after=fast',
    ]);
    expect(store.getSnapshot().suggestions).toMatchObject({ after: expect.stringContaining('fast') });
    expect(seen).toEqual(['loading', 'loading', 'ready']);
    store.clear();
    expect(store.getSnapshot()).toEqual({ status: 'idle', suggestions: undefined, error: undefined });
  });

  it('lists prompt chips, then action chips, each with the label a screen reader announces', () => {
    const chips = suggestionChips(answer as never);
    expect(chips.map((chip) => [chip.kind, chip.label])).toEqual([
      ['prompt', 'Send: Make shape-1 red'],
      ['action', 'Run Change colour'],
    ]);
    expect(suggestionChips(answer as never, { prompts: false }).map((chip) => chip.kind)).toEqual(['action']);
    expect(suggestionChips(undefined)).toEqual([]);
  });
});
