import type { TargetRef, User } from '../action/types.js';
import { TOOL_FORMATTERS } from '../formats/formatters.js';
import type { ToolFormat, ToolFormatter } from '../formats/types.js';
import { createRegistry, type Registry } from '../registry/create-registry.js';
import { parseActions } from '../text/parse-actions.js';
import { renderActionsPrompt } from '../text/render-actions-prompt.js';
import type { ActionTextFormat } from '../text/types.js';
import { newId } from '../util/new-id.js';
import { NO_CLIENT_TOOLS, type PreparedClientTools } from './client-tools.js';
import type { AgentMessage, ModelRequest, ModelResponse, ModelToolCall } from './model-types.js';
import { toolResultsText } from './tool-results-text.js';

/** The name of the tool (or text action) a model uses to declare it is done. */
export const DONE = 'done';

/** What each step offers and how it reads the answer, for one protocol. */
export interface TurnQuery {
  readonly registry: Registry;
  readonly target?: TargetRef;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly sessionId: string;
}

/** One step's request plus the names it offered. */
export interface PreparedTurn {
  readonly request: Omit<ModelRequest, 'signal'>;
  readonly offered: readonly string[];
}

/** A model answer read as calls: tool calls to run, whether `done` was called, and text-protocol feedback. */
export interface ReadTurn {
  readonly calls: readonly ModelToolCall[];
  /** The `done` call, when the model declared it was done. */
  readonly doneCall?: ModelToolCall;
  /** Problems reading a text-protocol answer, to send back to the model (empty when none). */
  readonly problems: readonly string[];
}

const doneTools = new Map<ToolFormat, unknown[]>();
/** The `done` tool in a provider's format. */
function doneTool(format: ToolFormat): unknown[] {
  let tools = doneTools.get(format);
  if (!tools) {
    tools = createRegistry({ actions: [doneAction()] }).tools({
      format: TOOL_FORMATTERS[format],
      strict: false,
    });
    doneTools.set(format, tools);
  }
  return tools;
}

function doneAction() {
  return {
    name: DONE,
    description: 'Declare that the task is finished. Call it alone, after your last change.',
    input: {
      type: 'object',
      properties: { summary: { type: 'string', description: 'What was done, in one or two sentences.' } },
      additionalProperties: false,
    },
    handler: () => undefined,
  };
}

type Listing = Pick<Registry, 'available' | 'targetParam'>;

/** How a step narrows the offered actions (from `prepareStep`); tools can be left out, never added. */
export interface ToolNarrowing {
  readonly activeTools?: readonly string[];
  readonly toolQuery?: { readonly query: string; readonly limit?: number };
  /** With an `output` schema: the finishing tool that carries the answer, offered instead of `done`. */
  readonly finish?: FinishTool;
  /** Offer no `done` tool (a native-output run: the answer without calls is the final one). */
  readonly noDone?: boolean;
}

/** The tool that ends a run with an `output` schema, and a one-action registry holding it (for the text prompt). */
export interface FinishTool {
  readonly name: string;
  readonly registry: Registry;
  tools(format: ToolFormat): unknown[];
}

/** Offered per step when `toolQuery` has no `limit`. */
export const DEFAULT_TOOL_LIMIT = 8;

function narrowQuery(narrow: ToolNarrowing) {
  const { toolQuery } = narrow;
  return toolQuery ? { query: toolQuery.query, limit: toolQuery.limit ?? DEFAULT_TOOL_LIMIT } : {};
}

// A formatter that writes only the active tools (the sources are the registry's available actions already).
function onlyActive(format: ToolFormatter, active: readonly string[] | undefined): ToolFormatter {
  if (!active) return format;
  const keep = new Set(active);
  return {
    name: format.name,
    format: (sources, options) =>
      format.format(
        sources.filter((source) => keep.has(source.name)),
        options,
      ),
  };
}

// The registry's listing with only the active names (the client's tools are added after).
function onlyActiveListing(registry: Registry, active: readonly string[] | undefined): Listing {
  if (!active) return registry;
  const keep = new Set(active);
  return {
    targetParam: registry.targetParam,
    available: ((options: Parameters<Registry['available']>[0]) =>
      registry.available(options).filter((entry) => keep.has(entry.name))) as Registry['available'],
  };
}

// The registry's answer to `available`, followed by the client's tools (no scope, roles or conditions).
function withClientTools(registry: Listing, client: Registry | undefined): Listing {
  if (!client) return registry;
  return {
    targetParam: registry.targetParam,
    available: ((options: Parameters<Registry['available']>[0]) => [
      ...registry.available(options),
      ...client.available({ include: 'available' }),
    ]) as Registry['available'],
  };
}

/** Native protocol: the registry's currently available tools in the model's format, plus `done` and client tools. */
export function prepareNativeTurn(
  query: TurnQuery,
  format: ToolFormat,
  system: string | undefined,
  history: readonly AgentMessage[],
  client: PreparedClientTools = NO_CLIENT_TOOLS,
  narrow: ToolNarrowing = {},
): PreparedTurn {
  const set = query.registry.toolSet({
    format: onlyActive(TOOL_FORMATTERS[format], narrow.activeTools),
    ...filters(query),
    ...narrowQuery(narrow),
  });
  const offered = [...set.names.values()];
  const { finish } = narrow;
  const last = finish ? finish.name : DONE;
  const hasLast = narrow.noDone === true || (!finish && offered.includes(DONE));
  const lastTools = finish ? finish.tools(format) : doneTool(format);
  const tools = hasLast ? set.tools : [...set.tools, ...lastTools];
  const all = [...tools, ...client.tools];
  return {
    request: {
      messages: system ? [{ role: 'system', content: system }, ...history] : [...history],
      ...(all.length > 0 ? { tools: all, toolChoice: 'auto' as const } : {}),
    },
    offered: [...(hasLast ? offered : [...offered, last]), ...client.names.values()],
  };
}

/**
 * Text protocol: a system prompt with the "AVAILABLE ACTIONS" section (the registry's available actions, then the
 * client's tools), and tool traffic as plain text.
 */
export function prepareTextTurn(
  query: TurnQuery,
  format: ActionTextFormat,
  system: string | undefined,
  history: readonly AgentMessage[],
  client: PreparedClientTools = NO_CLIENT_TOOLS,
  narrow: ToolNarrowing = {},
): PreparedTurn {
  const listed = withClientTools(
    withClientTools(onlyActiveListing(query.registry, narrow.activeTools), client.registry),
    narrow.finish?.registry,
  );
  const only = { ...filters(query), ...narrowQuery(narrow) };
  const prompt = renderActionsPrompt({ registry: listed, format, ...only });
  const offered = listed.available({ include: 'available', ...only }).map((entry) => entry.name);
  return {
    request: {
      messages: [
        { role: 'system', content: system ? `${system}\n\n${prompt}` : prompt },
        ...history.map(asText),
      ],
    },
    offered: offered.includes(DONE) ? offered : [...offered, DONE],
  };
}

/** Read a native answer: its tool calls, with `done` (or the `output` run's finishing tool) taken out. */
export function readNativeTurn(response: ModelResponse, finish = DONE): ReadTurn {
  return split(response.toolCalls, [], finish);
}

/** Read a text answer with `parseActions`; no action at all is a final answer, unreadable ones are fed back. */
export function readTextTurn(response: ModelResponse, format: ActionTextFormat, finish = DONE): ReadTurn {
  const parsed = parseActions(response.text, { format });
  const calls = parsed.calls.map(
    (call): ModelToolCall => ({ id: newId('call'), name: call.name, args: call.args }),
  );
  const problems = parsed.errors
    .filter((error) => error.code !== 'no_action' && error.code !== 'ignored_action')
    .map((error) => error.message);
  return split(calls, problems, finish);
}

function split(calls: readonly ModelToolCall[], problems: readonly string[], finish: string): ReadTurn {
  const doneCall = calls.find((call) => call.name === finish);
  const rest = calls.filter((call) => call.name !== finish);
  return doneCall ? { calls: rest, doneCall, problems } : { calls: rest, problems };
}

function filters(query: TurnQuery) {
  return {
    ...(query.target !== undefined ? { target: query.target } : {}),
    ...(query.user ? { user: query.user } : {}),
    ...(query.context ? { context: query.context } : {}),
    sessionId: query.sessionId,
  };
}

function asText(message: AgentMessage): AgentMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return message;
    case 'assistant':
      return { role: 'assistant', content: message.content };
    case 'tool':
      return { role: 'user', content: toolResultsText(message, DONE) };
    default: {
      const never: never = message;
      return never;
    }
  }
}
