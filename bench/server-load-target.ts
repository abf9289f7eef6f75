/**
 * The server of bench/server-load.bench.ts, in its own process: the Affordance server over the in-memory store with
 * API keys (`key-load` runs calls; `key-watch-1`/`-2` are auditors who see every call on `/api/events`;
 * `key-mcp-1`/`-2` open MCP sessions) and default limits. Prints `listening <port>`; answers an IPC `stats` message
 * (`stats-after-gc`: after a full collection) with its RSS, heap used, open and dropped event streams, and MCP
 * sessions.
 */

import { createMemoryStore, createRegistry } from '@affordance/core';
import { serve } from '@hono/node-server';
import { createServer } from '../packages/server/src/index.js';
import { addAction } from './server-bench-parts.js';

const registry = createRegistry({ store: createMemoryStore(), actions: [addAction] });
const keys = {
  'key-load': { id: 'load', roles: ['editor'] },
  'key-watch-1': { id: 'watch-1', roles: ['admin'] },
  'key-watch-2': { id: 'watch-2', roles: ['admin'] },
  'key-mcp-1': { id: 'mcp-1', roles: ['viewer'] },
  'key-mcp-2': { id: 'mcp-2', roles: ['viewer'] },
};
const { app, mcp, streams } = createServer({ registry, users: { keys }, consoleDir: false });
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});

process.on('message', (message) => {
  if (message !== 'stats' && message !== 'stats-after-gc') return;
  // Started with --expose-gc: a full collection first shows what is still held rather than not yet collected.
  if (message === 'stats-after-gc') (globalThis as { gc?: () => void }).gc?.();
  const stats = streams.stats();
  process.send?.({
    rss: process.memoryUsage().rss,
    heapUsed: process.memoryUsage().heapUsed,
    streams: stats.open,
    dropped: stats.dropped,
    queued: stats.queued,
    sessions: mcp?.sessionCount ?? 0,
  });
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
