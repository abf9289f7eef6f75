import type { User } from '@affordance/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { registerPromptHandlers } from './prompt-handlers.js';
import { registerResourceHandlers } from './resource-handlers.js';
import type { ServeContext, SessionState } from './serve-context.js';
import { registerToolHandlers } from './tool-handlers.js';

const DEFAULT_INFO = { name: 'affordance', version: '0.1.0' };

/**
 * A low-level SDK server for one client, answering from the shared registry; it joins `shared.sessions` when
 * connected and leaves when closed.
 */
export function openSession(shared: ServeContext, defaultUser: User | undefined): SessionState {
  const { options } = shared;
  const server = new Server(options.serverInfo ?? DEFAULT_INFO, {
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: false },
      logging: {},
      completions: {},
    },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  const session: SessionState = {
    server,
    level: options.logLevel ?? 'info',
    subscriptions: new Set(),
    defaultUser,
    fallbackSessionId: `mcp_${crypto.randomUUID()}`,
    calls: 0,
  };
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    session.level = request.params.level;
    return {};
  });
  registerToolHandlers(shared, session);
  registerResourceHandlers(shared, session);
  registerPromptHandlers(shared, session);
  shared.sessions.add(session);
  server.onclose = () => {
    shared.sessions.delete(session);
  };
  return session;
}
