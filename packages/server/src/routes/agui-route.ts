import type { Hono } from 'hono';
import { readJsonObject } from '../read-json-body.js';
import type { ServerEnv } from '../server-env.js';

/** How to configure a model, as the `/agui` endpoint tells a client when none is set. */
export const NO_MODEL_MESSAGE =
  'No model is configured, so the agent cannot run. Start the server with AFFORDANCE_MODEL=openai:<model> ' +
  '(for example openai:gpt-4.1-mini) and OPENAI_API_KEY set.';

/** What `/agui` answers when a model is named but this server does not run the agent loop yet. */
export function modelNotWiredMessage(model: string): string {
  return `A model is configured (${model}), but this server does not run the agent loop over AG-UI yet; use the REST API or /mcp meanwhile.`;
}

/**
 * Mount `POST /agui`, the AG-UI endpoint (Server-Sent Events). It answers `RUN_STARTED` then a `RUN_ERROR`:
 * `no_model` saying how to configure one, or `model_unsupported` when one is named.
 */
export function mountAguiRoute(app: Hono<ServerEnv>, options: { readonly model?: string | undefined }): void {
  app.post('/agui', async (context) => {
    const input = await readJsonObject(context);
    const threadId =
      typeof input.threadId === 'string' && input.threadId ? input.threadId : crypto.randomUUID();
    const runId = typeof input.runId === 'string' && input.runId ? input.runId : crypto.randomUUID();
    const error = options.model
      ? { message: modelNotWiredMessage(options.model), code: 'model_unsupported' }
      : { message: NO_MODEL_MESSAGE, code: 'no_model' };
    const events = [
      { type: 'RUN_STARTED', threadId, runId, timestamp: Date.now() },
      { type: 'RUN_ERROR', ...error, timestamp: Date.now() },
    ];
    const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
    return new Response(body, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' },
    });
  });
}
