import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer for tests: forwards each request to the next upstream in turn and counts what each got. */
export interface RoundRobinProxy {
  readonly url: string;
  /** Requests forwarded to each upstream, in the upstreams' order. */
  readonly counts: number[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Listen on a free loopback port and forward requests round-robin to `upstreams` (base URLs ending in `/`). */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const counts = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer(async (request, response) => {
    const index = next;
    const upstream = upstreams[index] as string;
    next = (next + 1) % upstreams.length;
    counts[index] = (counts[index] ?? 0) + 1;
    try {
      const body = await readBody(request);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers))
        if (typeof value === 'string' && key !== 'host' && key !== 'connection') headers.set(key, value);
      const answer = await fetch(new URL(request.url ?? '/', upstream), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`upstream ${upstream} failed: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    counts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
