import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-body.js';

function streamed(parts: string[]): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Request('http://localhost/mcp', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

describe('readJsonBody', () => {
  it('parses a body within the limit, read in chunks', async () => {
    expect(await readJsonBody(streamed(['{"a":', '[1,2]}']), 100)).toEqual({ body: { a: [1, 2] } });
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const request = new Request('http://localhost/mcp', {
      method: 'POST',
      body: 'x'.repeat(20),
      headers: { 'content-length': '20' },
    });
    const outcome = await readJsonBody(request, 10);
    expect('refused' in outcome && outcome.refused.status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it('stops reading a streamed body once it passes the limit', async () => {
    const outcome = await readJsonBody(streamed(['{"a":"', 'x'.repeat(50), 'y'.repeat(50), '"}']), 60);
    expect('refused' in outcome && outcome.refused.status).toBe(413);
  });

  it('answers malformed JSON with the JSON-RPC parse error', async () => {
    const outcome = await readJsonBody(streamed(['{"a":']), 100);
    expect('refused' in outcome && (await outcome.refused.json())).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: the body is not valid JSON' },
      id: null,
    });
  });
});
