// The replay server of one provider test: started by the test, closed when the test finishes (passed or failed), so
// a setup or test file keeps no server of its own to close in `afterEach`.
import { onTestFinished } from 'vitest';
import { type ReplayRoutes, type ReplayServer, startReplayServer } from './replay-server.js';

/** Start a replay server answering `routes` for the running test; it is closed when the test finishes. */
export async function replayForTest(routes: ReplayRoutes): Promise<ReplayServer> {
  const server = await startReplayServer(routes);
  onTestFinished(() => server.close());
  return server;
}
