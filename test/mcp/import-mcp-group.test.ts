// Two real MCP servers' tool lists (test/fixtures/mcp-servers), served by a bare SDK server and imported: each
// server's tools form one ranking group, so a multi-step request finds more of the server it is about.
import { createRegistry, type Registry } from '@affordance/core';
import { createLexicalRanker } from '@affordance/core/ranking';
import { type ImportedMCP, importMCP } from '@affordance/mcp/client';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenBare } from '../support/mcp-bare-server.js';
import { readMcpServers } from '../support/mcp-servers.js';

const SERVERS = ['github', 'slack'] as const;
const listed = readMcpServers();

describe('importMCP: a server’s tools are one ranking group', () => {
  const bares: Awaited<ReturnType<typeof listenBare>>[] = [];
  const imports: ImportedMCP[] = [];
  let registry: Registry;

  beforeAll(async () => {
    registry = createRegistry({ ranker: createLexicalRanker() });
    for (const server of SERVERS) {
      const bare = await listenBare({
        tools: listed.get(server)! as unknown as Tool[],
        call: () => ({ content: [{ type: 'text', text: 'done' }] }),
      });
      bares.push(bare);
      imports.push(await importMCP({ url: bare.url }, { namespace: server, registry }));
    }
  });
  afterAll(async () => {
    for (const imported of imports) await imported.close();
    for (const bare of bares) await bare.close();
  });

  it('gives each tool its namespace as group, and changes nothing else: names, schemas, availability', () => {
    for (const server of SERVERS) {
      const tools = listed.get(server)!;
      for (const tool of tools) {
        const action = registry.get(`${server}_${tool.name}`)!;
        expect(action).toMatchObject({
          name: `${server}_${tool.name}`,
          group: server,
          tags: ['mcp', server],
        });
        expect(action.scope).toBeUndefined();
        expect(action.inputJsonSchema).toEqual(tool.inputSchema);
      }
    }
    const all = registry.available();
    expect(all).toHaveLength(listed.get('github')!.length + listed.get('slack')!.length);
    // No scope: no target id parameter added to what the model sees.
    const tool = registry
      .tools({ format: 'openai' })
      .find((entry) => entry.function.name === 'github_get_issue');
    expect(Object.keys(tool!.function.parameters.properties as object)).toEqual([
      'owner',
      'repo',
      'issue_number',
    ]);
  });

  it('lifts another tool of the server a multi-step request is about into the top k', () => {
    const request = 'find the issue about login and add a comment to it';
    const top = (found: Registry) =>
      found.available({ query: request, limit: 4, intent: 'top' }).map((action) => action.name);
    const grouped = top(registry);
    // Without the group's lifts (its context, and the best match's input providers), the same imported tools answer
    // a Slack reaction among them.
    const ungrouped = top(
      createRegistry({
        actions: imports.flatMap((imported) => imported.actions),
        ranker: createLexicalRanker({ groupContext: 0, inputProviders: 0 }),
      }),
    );
    expect(grouped[0]).toBe('github_add_issue_comment');
    // The tools that find the issue to comment on.
    expect(grouped).toEqual(expect.arrayContaining(['github_list_issues', 'github_search_issues']));
    expect(grouped.every((name) => name.startsWith('github_'))).toBe(true);
    expect(ungrouped).toContain('slack_slack_add_reaction');
  });
});
