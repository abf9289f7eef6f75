import { AffordanceError, type AnyAction } from '@affordance/core';
import { legalizeNames, MCP_NAMES, type ToolWarning } from '@affordance/core/formats';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Tool, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectClient } from './connect-client.js';
import { remoteToolAction } from './remote-tool-action.js';
import type { ImportChange, ImportedMCP, ImportMCPOptions, MCPSource } from './types.js';

const NAMESPACE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Connect to a remote MCP server and turn each of its tools into an action named `<namespace>_<tool>`, so it runs
 * through the registry's pipeline (roles, rate limits, approval, audit) like a local one. With `registry`, the
 * actions are registered there and follow the server's `tools/list_changed`.
 */
export async function importMCP(source: MCPSource, options: ImportMCPOptions): Promise<ImportedMCP> {
  if (typeof options?.namespace !== 'string' || !NAMESPACE.test(options.namespace)) {
    throw new AffordanceError(
      'invalid_option',
      'importMCP: namespace must be a word of letters, digits, _ or - starting with a letter',
    );
  }
  const client = await connectClient(source, options);
  const warn =
    options.onWarning ?? ((warning: ToolWarning) => options.logger?.warn({ ...warning }, 'importMCP'));
  let current = new Map<string, { readonly action: AnyAction; readonly definition: string }>();
  let queue: Promise<ImportChange> = Promise.resolve({ added: [], removed: [], replaced: [] });
  let closed = false;

  const apply = async (): Promise<ImportChange> => {
    const next = buildActions(await listAllTools(client), client, options, warn);
    const removed = [...current.keys()].filter((name) => !next.has(name));
    const added = [...next.keys()].filter((name) => !current.has(name));
    const replaced = [...next.keys()].filter(
      (name) => current.has(name) && current.get(name)!.definition !== next.get(name)!.definition,
    );
    if (options.registry) {
      if (removed.length > 0) options.registry.unregister(removed);
      const incoming = [...added, ...replaced].map((name) => next.get(name)!.action);
      if (incoming.length > 0) options.registry.register(incoming, { replace: true });
    }
    // Unchanged tools keep their action object, so the registry keeps holding the same one.
    for (const [name, entry] of current)
      if (next.has(name) && !replaced.includes(name)) next.set(name, entry);
    current = next;
    const change = { added, removed, replaced };
    if (added.length + removed.length + replaced.length > 0) options.onChange?.(change);
    return change;
  };
  const refresh = () => {
    queue = queue
      .catch(() => undefined)
      .then(() => (closed ? { added: [], removed: [], replaced: [] } : apply()));
    return queue;
  };

  try {
    await refresh();
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  if (options.followChanges !== false) {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      refresh().catch((error: unknown) =>
        warn({
          tool: options.namespace,
          message: `could not follow list_changed: ${(error as Error).message}`,
        }),
      );
    });
  }
  return {
    get actions() {
      return [...current.values()].map((entry) => entry.action);
    },
    client,
    refresh,
    async close() {
      closed = true;
      await queue.catch(() => undefined);
      if (options.registry) {
        const mine = [...current]
          .filter(([name, entry]) => options.registry!.get(name) === entry.action)
          .map(([name]) => name);
        options.registry.unregister(mine);
      }
      current = new Map();
      await client.close();
    },
  };
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

function buildActions(
  tools: readonly Tool[],
  client: Client,
  options: ImportMCPOptions,
  warn: (warning: ToolWarning) => void,
): Map<string, { readonly action: AnyAction; readonly definition: string }> {
  const kept = tools.filter(
    (tool) => options.tools?.[tool.name] !== false && (options.include?.(tool) ?? true),
  );
  const legal = legalizeNames(
    kept.map((tool) => `${options.namespace}_${tool.name}`),
    MCP_NAMES,
  );
  const actions = new Map<string, { readonly action: AnyAction; readonly definition: string }>();
  for (const tool of kept) {
    const name = legal.get(`${options.namespace}_${tool.name}`)!;
    const override = options.tools?.[tool.name];
    const settings = {
      roles: options.roles,
      approval: options.approval,
      rateLimit: options.rateLimit,
      timeoutMs: options.timeoutMs,
      ...(override || {}),
    };
    const action = remoteToolAction({
      tool,
      name,
      namespace: options.namespace,
      settings: dropUndefined(settings),
      client,
      warn,
    });
    if (action) actions.set(name, { action, definition: JSON.stringify(tool) });
  }
  return actions;
}

function dropUndefined<TValue extends object>(value: TValue): TValue {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as TValue;
}
