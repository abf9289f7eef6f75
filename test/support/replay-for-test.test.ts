// replayForTest: the replay server a provider test starts is closed when that test finishes, held streams included.
import { describe, expect, it } from 'vitest';
import { replayForTest } from './replay-for-test.js';
import type { ReplayServer } from './replay-server.js';

let fromFirstTest: ReplayServer | undefined;
let heldStream: ReadableStreamDefaultReader<Uint8Array> | undefined;

describe('replayForTest', () => {
  it('answers the routes it was given while the test runs', async () => {
    const server = await replayForTest({
      '/v1/answer': (body) => ({ json: { echoed: body } }),
      '/v1/held': () => ({ sse: ['data: {"partial":true}\n\n'], hold: true }),
    });
    const response = await fetch(`${server.url}/v1/answer`, { method: 'POST', body: '{"a":1}' });
    expect(await response.json()).toEqual({ echoed: { a: 1 } });
    // A stream the server keeps open: only closing the server ends it.
    const held = await fetch(`${server.url}/v1/held`, { method: 'POST', body: '{}' });
    heldStream = held.body!.getReader();
    expect((await heldStream.read()).done).toBe(false);
    fromFirstTest = server;
  });

  it('has closed the first test’s server when that test finished, ending its held stream', async () => {
    await expect(fetch(`${fromFirstTest!.url}/v1/answer`, { method: 'POST', body: '{}' })).rejects.toThrow();
    const [, held] = fromFirstTest!.requests;
    await held!.closed;
    // Cut off before its end (an SSE stream ended by the server would read `done`).
    await expect(heldStream!.read()).rejects.toThrow();
  });

  it('lets a test close its server early; the close when it finishes is the same one', async () => {
    const server = await replayForTest({ '/v1/answer': () => ({ json: {} }) });
    const first = server.close();
    expect(server.close()).toBe(first);
    await first;
    await expect(fetch(`${server.url}/v1/answer`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
