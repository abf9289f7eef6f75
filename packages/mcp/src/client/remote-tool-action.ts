import { ActionFailure, type AnyAction, compileValidator, defineDynamicAction } from '@affordance/core';
import type { ToolWarning } from '@affordance/core/formats';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { contentText, isContentBlocks } from '../server/content-blocks.js';
import { stripUnsafePatterns } from './strip-unsafe-patterns.js';
import type { ImportedToolSettings } from './types.js';

/** What turning one remote tool into an action needs. */
export interface RemoteToolInput {
  readonly tool: Tool;
  /** The local action name (`<namespace>_<tool>`, made legal). */
  readonly name: string;
  readonly namespace: string;
  readonly settings: ImportedToolSettings;
  readonly client: Client;
  readonly warn: (warning: ToolWarning) => void;
}

/**
 * An action for a remote tool, in the ranking group of its namespace: its JSON Schema kept (minus regexes a local
 * validator must not run), annotations as behaviour hints, and a handler that calls the tool with the call's abort signal, forwards its progress, throws
 * `ActionFailure('handler_error')` with the tool's text for an `isError` result, and returns `structuredContent`,
 * else the content blocks. Returns undefined, with a warning, when the tool's schema cannot be used.
 */
export function remoteToolAction({
  tool,
  name,
  namespace,
  settings,
  client,
  warn,
}: RemoteToolInput): AnyAction | undefined {
  const input = stripUnsafePatterns(tool.inputSchema);
  for (const at of input.removed) {
    warn({
      tool: name,
      message: `inputSchema ${at} is an unsafe or invalid regex; left out of the local check (the server still checks it)`,
    });
  }
  const output = tool.outputSchema ? stripUnsafePatterns(tool.outputSchema) : undefined;
  for (const at of output?.removed ?? []) {
    warn({
      tool: name,
      message: `outputSchema ${at} is an unsafe or invalid regex; left out of the local check`,
    });
  }
  const hints = tool.annotations ?? {};
  const title = tool.title ?? hints.title;
  let action: AnyAction;
  try {
    action = defineDynamicAction({
      name,
      description: tool.description?.trim() || `${tool.name} (a tool of the ${namespace} MCP server)`,
      input: input.schema,
      ...(output ? { output: output.schema } : {}),
      ...(title ? { title } : {}),
      ...(hints.readOnlyHint !== undefined ? { readOnly: hints.readOnlyHint } : {}),
      ...(hints.destructiveHint !== undefined ? { destructive: hints.destructiveHint } : {}),
      ...(hints.idempotentHint !== undefined ? { idempotent: hints.idempotentHint } : {}),
      ...(hints.openWorldHint !== undefined ? { openWorld: hints.openWorldHint } : {}),
      ...(settings.roles ? { roles: settings.roles } : {}),
      ...(settings.approval ? { approval: settings.approval } : {}),
      ...(settings.rateLimit ? { rateLimit: settings.rateLimit } : {}),
      ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
      // The server's tools form one ranking group (a multi-step request finds them together); not a scope.
      group: namespace,
      tags: ['mcp', namespace],
      meta: { mcp: { namespace, tool: tool.name } },
      toModelOutput: (value: unknown) =>
        isContentBlocks(value) ? contentText(value) : JSON.stringify(value),
      handler: (args: Record<string, unknown>, ctx) =>
        callRemoteTool(client, tool.name, args, ctx, settings.timeoutMs),
    });
    compileValidator(action.inputJsonSchema, `tool ${name} input`);
    if (action.output) compileValidator(action.output, `tool ${name} output`);
  } catch (error) {
    warn({ tool: name, message: `left out: ${(error as Error).message}` });
    return undefined;
  }
  return action;
}

async function callRemoteTool(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  ctx: {
    readonly signal: AbortSignal;
    progress(progress: { progress: number; total?: number; message?: string }): void;
  },
  timeoutMs: number | undefined,
): Promise<unknown> {
  // A signal of our own per call: the SDK never removes the abort listener it adds, and a registry may hand every
  // call the same never-aborting signal, which would collect one listener per call.
  const controller = new AbortController();
  const abort = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', abort, { once: true });
  let answer: Awaited<ReturnType<Client['callTool']>>;
  try {
    answer = await client.callTool({ name: tool, arguments: args }, undefined, {
      signal: controller.signal,
      // The action's own time limit governs; the SDK's default (60 s) would cut longer ones short.
      ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
      resetTimeoutOnProgress: true,
      onprogress: ({ progress, total, message }) =>
        ctx.progress({
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message !== undefined ? { message } : {}),
        }),
    });
  } finally {
    ctx.signal.removeEventListener('abort', abort);
  }
  if ('toolResult' in answer) return answer.toolResult;
  const result = answer as CallToolResult;
  if (result.isError)
    throw new ActionFailure(
      'handler_error',
      contentText(result.content) || `${tool} reported an error without text`,
    );
  return result.structuredContent ?? result.content;
}
