// The OpenAI embeddings API shape (POST /embeddings → { object: 'list', data: [{ object, index, embedding }], model,
// usage }), served by a local node:http server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AffordanceError } from '@affordance/core';
import { createOpenAIEmbedder, EmbeddingError } from '@affordance/core/ranking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Seen {
  readonly url: string | undefined;
  readonly headers: IncomingMessage['headers'];
  readonly body: { model: string; input: string[]; encoding_format?: string; dimensions?: number };
}

const seen: Seen[] = [];
let server: Server;
let baseURL: string;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await read(request)) as Seen['body'];
    seen.push({ url: request.url, headers: request.headers, body });
    if (request.headers.authorization !== 'Bearer sk-test') {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
      );
      return;
    }
    if (body.model === 'broken') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: 'nope' }] }),
      );
      return;
    }
    // Answer in reverse order, as the API may: the index says which input each vector belongs to.
    const data = body.input
      .map((text, index) => ({ object: 'embedding', index, embedding: [text.length, index, 1] }))
      .reverse();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        object: 'list',
        data,
        model: body.model,
        usage: { prompt_tokens: 3, total_tokens: 3 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createOpenAIEmbedder', () => {
  it('posts the texts to /embeddings and returns the vectors in input order', async () => {
    const embedder = createOpenAIEmbedder({
      baseURL,
      apiKey: 'sk-test',
      model: 'text-embedding-3-small',
      dimensions: 3,
    });
    const vectors = await embedder.embed(['a', 'bbb']);
    expect(vectors).toEqual([
      [1, 0, 1],
      [3, 1, 1],
    ]);
    const request = seen.at(-1)!;
    expect(request.url).toBe('/v1/embeddings');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      model: 'text-embedding-3-small',
      input: ['a', 'bbb'],
      encoding_format: 'float',
      dimensions: 3,
    });
  });

  it('does not call the endpoint for no texts', async () => {
    const before = seen.length;
    expect(await createOpenAIEmbedder({ baseURL, apiKey: 'sk-test', model: 'm' }).embed([])).toEqual([]);
    expect(seen.length).toBe(before);
  });

  it('throws an EmbeddingError with the status and the API message on an HTTP error', async () => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: 'wrong', model: 'm' });
    const error = await embedder.embed(['a']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).status).toBe(401);
    expect((error as EmbeddingError).message).toMatch(/Incorrect API key/);
  });

  it('throws on a malformed answer', async () => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: 'sk-test', model: 'broken' });
    await expect(embedder.embed(['a'])).rejects.toThrow(/malformed embedding/);
  });

  it('uses the fetch it is given and passes the abort signal on', async () => {
    const calls: Array<{ url: string; signal: AbortSignal | null | undefined }> = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, signal: init.signal });
      return new Response(JSON.stringify({ data: [{ index: 0, embedding: [0.5] }] }));
    }) as unknown as typeof fetch;
    const controller = new AbortController();
    const embedder = createOpenAIEmbedder({
      baseURL: 'http://example.test/v1',
      model: 'm',
      fetch: fakeFetch,
    });
    expect(await embedder.embed(['x'], { signal: controller.signal })).toEqual([[0.5]]);
    expect(calls).toEqual([{ url: 'http://example.test/v1/embeddings', signal: controller.signal }]);
  });

  it('rejects a missing base URL or model when created', () => {
    expect(() => createOpenAIEmbedder({ baseURL: '', model: 'm' })).toThrow(AffordanceError);
    expect(() => createOpenAIEmbedder({ baseURL, model: '' })).toThrow(/model/);
  });
});
