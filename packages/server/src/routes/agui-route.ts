import type { Registry } from '@affordance/core';
import type { ConfiguredRun } from '@affordance/core/agent';
import type { ConversationStore } from '@affordance/core/ports';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { readRunInput } from '../agui/read-run-input.js';
import { type ModelSource, modelResolver } from '../agui/resolve-model.js';
import type { DecisionRefusal } from '../agui/resume-agui.js';
import { runAgui } from '../agui/run-agui.js';
import { route } from '../openapi/define-route.js';
import { readJsonObject } from '../read-json-body.js';
import type { ServerEnv } from '../server-env.js';

export { NO_MODEL_MESSAGE } from '../agui/resolve-model.js';

/** What `/agui` runs on. */
export interface AguiRouteOptions {
  readonly registry: Registry;
  readonly conversations: ConversationStore;
  readonly logger: Logger;
  /** The model, or `openai:<model>` / `anthropic:<model>` / `gemini:<model>` (base URL and key from the environment). */
  readonly model?: ModelSource | undefined;
  /** Most model turns per run (default 20). */
  readonly maxSteps?: number | undefined;
  readonly system?: string | undefined;
  /** What an agent.json turns on (`configuredRun`). */
  readonly agent?: ConfiguredRun | undefined;
  /** Who may approve a paused call on resume (the server's approval policy). */
  readonly decisionRefusal?: DecisionRefusal;
}

/**
 * Mount `POST /agui`, the AG-UI endpoint: a `RunAgentInput` in, the agent loop out as Server-Sent Events, with the
 * registry's tools run on the server and the client's tools handed back to it. Without a model it answers
 * `RUN_STARTED` then `RUN_ERROR` (`no_model`) saying how to configure one.
 */
export function mountAguiRoute(app: Hono<ServerEnv>, options: AguiRouteOptions): void {
  const model = modelResolver(options.model);
  route(app, {
    method: 'post',
    path: '/agui',
    operationId: 'runAgent',
    summary: 'Run the agent (AG-UI)',
    description:
      'Takes an AG-UI RunAgentInput and streams AG-UI events. Registry actions run on the server; a call of one of ' +
      'the `tools` the client sent ends the run with RUN_FINISHED and `outcome.pendingToolCallIds`: the client ' +
      'runs it and starts the next run with the result as a `tool` message. A call needing approval ends the run with ' +
      "RUN_FINISHED and `outcome: { type: 'interrupt', interrupts }`; the next run answers them in `resume` " +
      '(`payload: { approved, editedArgs?, reason? }`), and a bad resume entry gets RUN_ERROR with the reason as ' +
      'its code. `threadId` is the session id. `context` entries (at most 100) reach the model as fenced untrusted ' +
      'data and every action as `ctx.context.appContext`; an object `state` (at most 256 KiB of JSON, else 413) is ' +
      "the run's shared state: STATE_SNAPSHOT at the start, STATE_DELTA (JSON Patch) for each change an action makes " +
      'through `sharedState(ctx)`, and `ctx.context.state` for every call.',
    tags: ['agent'],
    body: {
      description: 'AG-UI RunAgentInput',
      schema: {
        type: 'object',
        properties: {
          threadId: { type: 'string' },
          runId: { type: 'string' },
          messages: { type: 'array', items: { type: 'object' } },
          tools: { type: 'array', items: { type: 'object' } },
          context: { type: 'array', items: { type: 'object' } },
          state: {},
          forwardedProps: {},
          resume: { type: 'array', items: { type: 'object' } },
        },
      },
    },
    responses: { 200: { description: 'AG-UI events', contentType: 'text/event-stream' } },
    errors: ['invalid_json_body', 'invalid_request', 'forbidden', 'payload_too_large'],
    handler: async (context) => {
      const input = readRunInput(await readJsonObject(context));
      return runAgui(
        {
          registry: options.registry,
          conversations: options.conversations,
          logger: options.logger,
          model,
          ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
          ...(options.system ? { system: options.system } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
          ...(options.decisionRefusal ? { decisionRefusal: options.decisionRefusal } : {}),
        },
        input,
        context.get('user'),
        context.req.raw.signal,
      );
    },
  });
}
