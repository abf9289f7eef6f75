import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, queryString } from './api-client.js';

function fakeFetch(answer: (url: string, init: RequestInit) => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answer(String(input), init);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('asks "what can I do here?" with the target and query, leaving empty values out', async () => {
    const { calls, fetch } = fakeFetch(() => json({ actions: [{ name: 'shape_lock' }] }));
    const api = createApiClient({ fetch, baseUrl: 'http://h' });
    expect(await api.actions({ target: 'shape:shape-1', q: 'lock it' })).toEqual([{ name: 'shape_lock' }]);
    await api.actions({ q: '' });
    expect(calls.map((call) => call.url)).toEqual([
      'http://h/api/actions?target=shape%3Ashape-1&q=lock+it',
      'http://h/api/actions',
    ]);
  });

  it('posts runs and decisions as JSON with the API key', async () => {
    const { calls, fetch } = fakeFetch(() => json({ ok: true, value: 1 }));
    const api = createApiClient({ fetch, apiKey: 'k1' });
    await api.run('shape/x', { blockId: 'shape-1' });
    await api.decide('apr_1', 'approve');
    await api.decide('apr_2', 'retry');
    await api.approvals(['pending', 'interrupted']);
    expect(calls[2]?.url).toBe('/api/approvals/apr_2/retry');
    expect(calls[3]?.url).toBe('/api/approvals?status=pending%2Cinterrupted');
    expect(calls[0]?.url).toBe('/api/actions/shape%2Fx/run');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ args: { blockId: 'shape-1' } });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer k1');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ decision: 'approve' });
  });

  it('returns the RunResult of a refused run (403) as data', async () => {
    const refused = { ok: false, error: { code: 'forbidden', message: 'needs editor' } };
    const { fetch } = fakeFetch(() => json(refused, 403));
    expect(await createApiClient({ fetch }).run('shape_lock', {})).toEqual(refused);
  });

  it('turns error bodies, non-JSON answers and network failures into ApiError', async () => {
    const notFound = createApiClient({
      fetch: fakeFetch(() =>
        json({ error: { code: 'target_not_found', message: 'no target x', hint: 'list them' } }, 404),
      ).fetch,
    });
    await expect(notFound.actions({ target: 'shape:x' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'target_not_found',
      message: 'no target x',
      hint: 'list them',
    });
    const html = createApiClient({ fetch: fakeFetch(() => new Response('<html>', { status: 502 })).fetch });
    await expect(html.health()).rejects.toMatchObject({ code: 'invalid_response', status: 502 });
    const down = createApiClient({
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const error = await down.targets().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('sends audit filters and the cursor', async () => {
    const { calls, fetch } = fakeFetch(() => json({ records: [], nextCursor: 'c2' }));
    const page = await createApiClient({ fetch }).audit({
      action: 'shape_lock',
      outcome: '',
      limit: 25,
      cursor: 'c1',
    });
    expect(page.nextCursor).toBe('c2');
    expect(calls[0]?.url).toBe('/api/audit?action=shape_lock&limit=25&cursor=c1');
  });
});

describe('queryString', () => {
  it('is empty without values', () => {
    expect(queryString({ a: undefined, b: '' })).toBe('');
  });
});
