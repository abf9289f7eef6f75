// LiveMCPBench (icip-cas/LiveMCPBench @a928e57, Apache-2.0; test/fixtures/livemcpbench/README.md): 527 tools of 70
// real MCP servers as actions, and 95 multi-step tasks with the tools their annotators list.
import type { ActionDefinition, JsonSchema } from '@affordance/core';
import { legalName, readFixture, type SealQuery } from './datasets.js';
import type { SearchEngine } from './evaluate-ranking.js';

interface McpServer {
  readonly server: string;
  readonly description: string;
  readonly category: string;
  readonly tools: ReadonlyArray<{ name: string; description?: string; inputSchema?: JsonSchema }>;
}

interface McpTask {
  readonly id: string;
  readonly category: string;
  readonly question: string;
  readonly tools: readonly string[];
}

const read = <T>(file: string): T => readFixture<T>(`livemcpbench/${file}`);

/** Between a server's name and its tool's name in an action's name. */
export const SERVER_SEPARATOR = '.';

/**
 * A server's name as the first part of an action name: legal, without dots (one `_` for each run of characters
 * made legal or dots, none at the ends) and starting with a letter or `_` (`OpenStreetMap_OSM_MCP_Server`,
 * `OP_GG_MCP_Server`, `_12306-mcp`).
 */
const serverPart = (name: string): string =>
  legalName(name)
    .replace(/[._]+/g, '_')
    .replace(/^_|_$/g, '')
    .replace(/^(?=[^A-Za-z_])/, '_');

/**
 * The 527 tools as action definitions. Several servers share tool names (`search` is on four), so an action is named
 * `<server>.<tool>`: the ranker reads the part before the last dot as a namespace (indexed in the name field, not
 * as the action's own name) and as the action's group (docs/ranking.md). The tool's description and inputSchema
 * are its own, the server's LiveMCPBench category is its `category` and the server's name its tag (the server's
 * description is left out, as `importMCP` leaves it). The 19 tools without a description (the LeetCode and Web3
 * Research servers, three of investor-agent) get their name in words (`get daily challenge`): a description is
 * required, and this adds nothing a model would not see.
 */
export function liveMcpActions(): ActionDefinition[] {
  return read<McpServer[]>('tools.json').flatMap((server) =>
    server.tools.map((tool) => ({
      name: `${serverPart(server.server)}${SERVER_SEPARATOR}${legalName(tool.name)}`,
      description: tool.description?.trim() || tool.name.replace(/[-_]+/g, ' '),
      category: server.category,
      tags: [server.server],
      input: tool.inputSchema ?? { type: 'object', properties: {} },
    })),
  );
}

/** The tool name of an action made by `liveMcpActions` (what a gold name is matched against). */
export const toolNameOf = (actionName: string): string =>
  actionName.slice(actionName.indexOf(SERVER_SEPARATOR) + SERVER_SEPARATOR.length);

/**
 * The tasks with at least one gold tool, as `{ id, query, gold }`: the question, and the distinct annotated tool names
 * that name a tool of the set (5 of the 256 mentions do not, e.g. `ddg-search`; they are dropped, which leaves one
 * task without gold and out: 94 tasks).
 */
export function liveMcpTasks(): SealQuery[] {
  const known = new Set(
    read<McpServer[]>('tools.json').flatMap((server) => server.tools.map((tool) => tool.name)),
  );
  return read<McpTask[]>('tasks.json')
    .map((task) => ({
      id: task.id,
      query: task.question,
      gold: [...new Set(task.tools.filter((name) => known.has(name)).map(legalName))],
    }))
    .filter((task) => task.gold.length > 0);
}

/**
 * An engine whose answers are `<server>__<tool>` action names, answering tool names instead: a retrieved tool
 * matches a gold name by its tool name, whichever server it is on (the annotations name tools, not servers). The
 * top k stays k actions; two servers' `read_file` in it count once for the gold `read_file`.
 */
export function byToolName(engine: SearchEngine): SearchEngine {
  return {
    name: engine.name,
    add: (documents) => engine.add(documents),
    search: (query, limit) => engine.search(query, limit).map(toolNameOf),
  };
}
