import type { JsonSchema } from '@affordance/core';
import type { ClientTool } from '@affordance/core/agent';
import { MAX_CALL_ID_LENGTH, textProblem } from '@affordance/core/ports';
import { ServerError } from '../server-error.js';
import { checkStateSize, isObject, type JsonObject } from './shared-state.js';

/** The most app-context entries (AG-UI `context`) a run takes. */
export const MAX_CONTEXT_ENTRIES = 100;

/** One AG-UI tool call of an assistant message. */
export interface AguiToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** The AG-UI messages the agent reads (activity and reasoning messages are kept out of the model's view). */
export type AguiMessage =
  | { readonly id: string; readonly role: 'system' | 'developer'; readonly content: string }
  | { readonly id: string; readonly role: 'user'; readonly content: string }
  | {
      readonly id: string;
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls: readonly AguiToolCall[];
    }
  | {
      readonly id: string;
      readonly role: 'tool';
      readonly content: string;
      readonly toolCallId: string;
      readonly error?: string;
    };

/** A checked `RunAgentInput`: what `/agui` needs of it. */
export interface RunInput {
  readonly threadId: string;
  readonly runId: string;
  readonly messages: readonly AguiMessage[];
  readonly tools: readonly ClientTool[];
  readonly context: readonly { readonly description: string; readonly value: string }[];
  /**
   * The client's shared state (AG-UI `state`) when it is an object (else undefined): the run's starting state,
   * sent back as `STATE_SNAPSHOT` and read by actions as `ctx.context.state` and through `sharedState(ctx)`.
   */
  readonly state: JsonObject | undefined;
  /** Answers to the interrupts that paused the thread's last run (AG-UI `resume`); empty for a new run. */
  readonly resume: readonly ResumeEntry[];
}

/** One AG-UI resume entry: the interrupt it answers, whether it was answered or abandoned, and the answer. */
export interface ResumeEntry {
  readonly interruptId: string;
  readonly status: 'resolved' | 'cancelled';
  readonly payload?: unknown;
}

const fail = (message: string): never => {
  throw new ServerError('invalid_request', `RunAgentInput: ${message}`, 'send an AG-UI RunAgentInput');
};

/**
 * An id the run stores or passes on (`threadId` is the session id, message and tool-call ids are kept with the
 * messages): 1 to 256 characters without control characters, bidirectional overrides or lone surrogates.
 */
function checkId(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') return fail(`${where} must be a non-empty string`);
  const problem = textProblem(value, MAX_CALL_ID_LENGTH);
  if (problem) fail(`${where} ${problem}`);
  return value;
}

/**
 * Check an AG-UI `RunAgentInput` body; anything malformed (an id included: see `checkId`) is a
 * `ServerError('invalid_request')` (400), before anything is stored or run.
 */
export function readRunInput(body: Record<string, unknown>): RunInput {
  const threadId = checkId(body.threadId ?? crypto.randomUUID(), '`threadId`');
  const runId = checkId(body.runId ?? crypto.randomUUID(), '`runId`');
  return {
    threadId,
    runId,
    messages: arrayOf(body.messages, 'messages').flatMap((value, index) => readMessage(value, index)),
    tools: arrayOf(body.tools, 'tools').map(readTool),
    context: readContext(body.context),
    state: readState(body.state),
    resume: arrayOf(body.resume, 'resume').map(readResumeEntry),
  };
}

function readContext(value: unknown): RunInput['context'] {
  const entries = arrayOf(value, 'context');
  if (entries.length > MAX_CONTEXT_ENTRIES) {
    fail(`\`context\` has ${entries.length} entries, more than ${MAX_CONTEXT_ENTRIES}`);
  }
  return entries.map((value, index) => {
    const entry = objectOf(value, `context[${index}]`);
    if (typeof entry.description !== 'string' || typeof entry.value !== 'string') {
      fail(`context[${index}] needs a string \`description\` and \`value\``);
    }
    return { description: entry.description as string, value: entry.value as string };
  });
}

function readResumeEntry(value: unknown, index: number): ResumeEntry {
  const where = `resume[${index}]`;
  const entry = objectOf(value, where);
  const interruptId = checkId(entry.interruptId, `${where}.interruptId`);
  if (entry.status !== 'resolved' && entry.status !== 'cancelled') {
    fail(`${where}.status must be 'resolved' or 'cancelled'`);
  }
  return {
    interruptId,
    status: entry.status as ResumeEntry['status'],
    ...(entry.payload !== undefined ? { payload: entry.payload } : {}),
  };
}

// AG-UI state is any JSON; an object is the run's shared state, anything else (null, a list, a value) none.
// Too large is `payload_too_large` (413).
function readState(state: unknown): JsonObject | undefined {
  if (!isObject(state)) return undefined;
  checkStateSize(state, '`state`');
  return state;
}

function readMessage(value: unknown, index: number): AguiMessage[] {
  const where = `messages[${index}]`;
  const message = objectOf(value, where);
  const id = checkId(message.id, `${where}.id`);
  switch (message.role) {
    case 'system':
    case 'developer':
      return [{ id, role: message.role, content: textOf(message.content, where) }];
    case 'user':
      return [{ id, role: 'user', content: textOf(message.content, where) }];
    case 'assistant':
      return [
        {
          id,
          role: 'assistant',
          content: message.content == null ? '' : textOf(message.content, where),
          toolCalls: arrayOf(message.toolCalls, `${where}.toolCalls`).map((call, position) =>
            readToolCall(call, `${where}.toolCalls[${position}]`),
          ),
        },
      ];
    case 'tool': {
      const toolCallId = checkId(message.toolCallId, `${where}.toolCallId`);
      const error = typeof message.error === 'string' ? { error: message.error } : {};
      const content = textOf(message.content, where);
      return [{ id, role: 'tool', content, toolCallId, ...error }];
    }
    case 'activity':
    case 'reasoning':
      return [];
    default:
      return fail(`${where} has an unknown role ${JSON.stringify(message.role)}`);
  }
}

function readToolCall(value: unknown, where: string): AguiToolCall {
  const call = objectOf(value, where);
  const fn = objectOf(call.function, `${where}.function`);
  if (typeof call.id !== 'string' || typeof fn.name !== 'string' || typeof fn.arguments !== 'string') {
    fail(`${where} needs a string \`id\`, \`function.name\` and \`function.arguments\``);
  }
  return {
    id: checkId(call.id, `${where}.id`),
    type: 'function',
    function: { name: fn.name as string, arguments: fn.arguments as string },
  };
}

function readTool(value: unknown, index: number): ClientTool {
  const tool = objectOf(value, `tools[${index}]`);
  if (typeof tool.name !== 'string' || tool.name === '' || typeof tool.description !== 'string') {
    fail(`tools[${index}] needs a string \`name\` and \`description\``);
  }
  checkId(tool.name, `tools[${index}].name`);
  const parameters = tool.parameters;
  if (parameters != null && (typeof parameters !== 'object' || Array.isArray(parameters))) {
    fail(`tools[${index}].parameters must be a JSON Schema object`);
  }
  return {
    name: tool.name as string,
    description: tool.description as string,
    ...(parameters != null ? { parameters: parameters as JsonSchema } : {}),
  };
}

/** Text of a message: a string, or the text parts of a multimodal content list (other parts are left out). */
function textOf(content: unknown, where: string): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return fail(`${where}.content must be a string or a list of parts`);
  return content
    .filter(
      (part): part is { type: 'text'; text: string } =>
        part?.type === 'text' && typeof part.text === 'string',
    )
    .map((part) => part.text)
    .join('\n');
}

function arrayOf(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(`\`${where}\` must be an array`);
  return value;
}

function objectOf(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`${where} must be an object`);
  }
  return value as Record<string, unknown>;
}
