import type { IncomingMessage, ServerResponse } from 'node:http';
import { prereadBodies } from '../http/read-body.js';

/**
 * A web `Request` for a Node request. The body is read here (stopping once past `maxBytes`, so the handler still
 * sees that it is too large) and handed to `readJsonBody` through `prereadBodies`, which spares a web stream per
 * request.
 */
export async function toWebRequest(incoming: IncomingMessage, maxBytes: number): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) break;
  }
  const request = new Request(url, { method, headers });
  prereadBodies.set(request, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  return request;
}

/**
 * Write a web `Response` to a Node response. Whole bodies go out in one write; an event stream is written as it
 * comes, each chunk held back for one turn of the event loop so that a chunk followed at once by the end of the
 * stream (a tool result) leaves in one write with the headers, and headers are sent at once when nothing is ready.
 */
export async function writeWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(answer.status, headers);
  if (!answer.body) {
    response.end();
    return;
  }
  if (!answer.headers.get('content-type')?.startsWith('text/event-stream')) {
    response.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  const reader = answer.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  response.on('close', stop);
  try {
    let pending = reader.read();
    let current = await soon(pending);
    if (!current) {
      response.flushHeaders();
      current = await pending;
    }
    while (!current.done) {
      pending = reader.read();
      const next = await soon(pending);
      if (next?.done) {
        response.end(current.value);
        return;
      }
      if (!response.write(current.value))
        await new Promise<void>((resolve) => response.once('drain', resolve).once('close', resolve));
      current = next ?? (await pending);
    }
  } catch {
    // The client went away or the stream failed; there is no one left to tell.
  } finally {
    response.off('close', stop);
    if (!response.writableEnded) response.end();
  }
}

/** The read if it settles within this turn of the event loop, else undefined. */
function soon<TValue>(promise: Promise<TValue>): Promise<TValue | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
}
