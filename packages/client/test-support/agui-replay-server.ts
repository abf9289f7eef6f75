// Replays recorded AG-UI streams from the AG-UI .NET SDK integration baselines (ag-ui-protocol/ag-ui @821b8c2, MIT),
// kept in test/fixtures/agui-events/dotnet-baselines at the repository root (source and licence in its README.md).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Folder of the recorded .NET AG-UI baselines. */
export const BASELINES = resolve(repoRoot, 'test/fixtures/agui-events/dotnet-baselines');

/** Read a recorded JSON file (they start with a UTF-8 BOM). */
export function readRecorded<T>(folder: string, name: string): T {
  return JSON.parse(readFileSync(resolve(BASELINES, folder, name), 'utf8').replace(/^\uFEFF/, '')) as T;
}

/** A local AG-UI endpoint that answers request N with recorded turn N as Server-Sent Events. */
export interface ReplayServer {
  readonly url: string;
  /** The parsed bodies of the requests received, in order. */
  readonly requests: unknown[];
  close(): Promise<void>;
}

/** Start a replay server on 127.0.0.1 at a random port; each turn is a list of events. */
export async function startReplayServer(turns: readonly (readonly unknown[])[]): Promise<ReplayServer> {
  const requests: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const events = turns[requests.length];
      requests.push(JSON.parse(body));
      if (!events) {
        response.writeHead(409, { 'content-type': 'text/plain' }).end('no recorded turn left');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
