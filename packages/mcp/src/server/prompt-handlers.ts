import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { actionsPrompt } from './actions-prompt.js';
import { ProtocolError } from './protocol-error.js';
import { callerOf, type ServeContext, type SessionState } from './serve-context.js';
import type { MCPCaller, MCPPrompt } from './types.js';

const MAX_COMPLETIONS = 100;

/** Answer `prompts/list`, `prompts/get` and `completion/complete`. */
export function registerPromptHandlers(shared: ServeContext, session: SessionState): void {
  const { registry, options } = shared;
  const { server } = session;
  const prompts: MCPPrompt[] = [...(options.prompts ?? [])];
  if (options.actionsPrompt !== false) prompts.push(actionsPrompt(registry, options.actionsPrompt ?? {}));
  const byName = new Map(prompts.map((prompt) => [prompt.name, prompt]));

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: prompts.map(({ get: _get, complete: _complete, ...prompt }) => prompt),
  }));

  server.setRequestHandler(GetPromptRequestSchema, (request, extra) => {
    const prompt = byName.get(request.params.name);
    if (!prompt) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const missing = (prompt.arguments ?? []).filter(
      (argument) => argument.required && !(argument.name in args),
    );
    if (missing.length > 0) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Prompt ${prompt.name} needs the argument(s) ${missing.map((m) => m.name).join(', ')}`,
      );
    }
    return prompt.get(args, callerOf(extra, session));
  });

  server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
    const { ref, argument } = request.params;
    const caller = callerOf(extra, session);
    let complete: ((value: string, caller: MCPCaller) => string[] | Promise<string[]>) | undefined;
    if (ref.type === 'ref/prompt') {
      const prompt = byName.get(ref.name);
      if (!prompt) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
      complete = prompt.complete?.[argument.name];
    } else {
      const template = options.resourceTemplates?.find((candidate) => candidate.uriTemplate === ref.uri);
      if (template && !new UriTemplate(template.uriTemplate).variableNames.includes(argument.name)) {
        throw new ProtocolError(
          ErrorCode.InvalidParams,
          `Resource template ${ref.uri} has no variable ${argument.name}`,
        );
      }
      complete = template?.complete?.[argument.name];
    }
    const values = complete ? await complete(argument.value, caller) : [];
    return {
      completion: {
        values: values.slice(0, MAX_COMPLETIONS),
        total: values.length,
        hasMore: values.length > MAX_COMPLETIONS,
      },
    };
  });
}
