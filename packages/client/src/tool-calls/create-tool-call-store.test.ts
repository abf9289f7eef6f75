import { describe, expect, it } from 'vitest';
import { createToolCallStore } from './create-tool-call-store.js';

function clocked() {
  let clock = 0;
  return createToolCallStore({ now: () => ++clock });
}

describe('createToolCallStore', () => {
  it('keeps the same snapshot until something changes and notifies subscribers', () => {
    const store = clocked();
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.getSnapshot().length));
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.apply({ type: 'tool-input-start', id: 'a', name: 'x' });
    expect(store.getSnapshot()).not.toBe(before);
    stop();
    store.apply({ type: 'tool-input-start', id: 'b', name: 'x' });
    expect(seen).toEqual([1]);
  });

  it('ignores parts for a finished call, and treats a new start for a finished id as a new call', () => {
    const store = clocked();
    store.apply({ type: 'tool-input-start', id: 'a', name: 'first' });
    store.apply({ type: 'tool-result', id: 'a', name: 'first', output: { ok: 1 } });
    store.apply({ type: 'tool-error', id: 'a', name: 'first', error: { code: 'aborted', message: 'late' } });
    expect(store.get('a')).toMatchObject({ status: 'complete', result: { ok: 1 }, modelOutput: '{"ok":1}' });
    store.apply({ type: 'tool-input-start', id: 'a', name: 'second' });
    expect(store.get('a')).toMatchObject({ name: 'second', status: 'pending' });
  });

  it('fails every unfinished call, and a waiting call rejects when its signal aborts', async () => {
    const store = clocked();
    store.apply({ type: 'tool-input-start', id: 'a', name: 'x' });
    store.begin({ id: 'b', name: 'y', args: {} });
    store.begin({ id: 'c', name: 'z', args: {} });
    store.settle('c', { ok: true, value: 1, callId: 'c', name: 'z', durationMs: 0, modelOutput: '1' });
    const controller = new AbortController();
    const waiting = store.awaitResponse('b', controller.signal);
    expect(store.get('b')?.awaitingResponse).toBe(true);
    controller.abort(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(store.failUnfinished({ code: 'aborted', message: 'the page was closed' })).toEqual(['a', 'b']);
    expect(store.get('b')).toMatchObject({
      status: 'failed',
      awaitingResponse: false,
      modelOutput: 'Error (aborted): the page was closed',
    });
    expect(store.respond('b', 'too late')).toBe(false);
  });

  it('resolves a waiting call with the answer exactly once', async () => {
    const store = clocked();
    store.begin({ id: 'a', name: 'confirm', args: {} });
    const waiting = store.awaitResponse('a');
    expect(store.respond('a', true)).toBe(true);
    expect(store.respond('a', false)).toBe(false);
    await expect(waiting).resolves.toBe(true);
  });
});
