import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry } from '../index.js';
import { fromGptAgentAction, fromMCPActionV2, type MCPActionV2 } from './index.js';

// The seed "MCP Action Specification v2", written exactly as the spec shows it.
const findMatches: MCPActionV2 = {
  id: 'findMatches',
  title: 'Find matches',
  description: 'Search profiles whose skills match a query',
  applicableRoles: ['recruiter'],
  capabilityTags: ['search'],
  requiredInputs: [],
  tags: ['profiles'],
  suggestedPrerequisites: ['getCapabilityGaps'],
  suggestedPostrequisites: ['summarizeMatches'],
  usesAI: false,
  argsSchema: z.object({
    queryText: z.string().min(1, 'Query text cannot be empty').describe('The text to search for matches'),
    limit: z.number().positive().optional().describe('Maximum number of results to return'),
  }),
  getDefaultArgs: (context) => ({ queryText: context.lastMessage || '', limit: 10 }),
  requiredContext: ['sessionId', 'userId'],
  actionFn: async (request) => {
    const { supabase, sessionId } = request as unknown as {
      supabase: { search(q: string): string[] };
      sessionId: string;
    };
    const { queryText, limit } = request.args as { queryText: string; limit: number };
    const rows = supabase.search(queryText).slice(0, limit);
    return {
      rows,
      sessionId,
      user: request.context.userId,
      dataForDownstreamPrompt: `Found ${rows.length} matches for ${queryText}`,
    };
  },
};

describe('fromMCPActionV2', () => {
  const supabase = { search: (q: string) => [`${q}-1`, `${q}-2`, `${q}-3`] };
  const registry = createRegistry({ actions: [fromMCPActionV2(findMatches)], services: { supabase } });
  const recruiter = { id: 'r1', roles: ['recruiter'] };

  it('maps the spec fields onto the action', () => {
    const action = registry.get('findMatches')!;
    expect(action).toMatchObject({
      title: 'Find matches',
      roles: ['recruiter'],
      capabilities: ['search'],
      tags: ['profiles'],
      next: ['summarizeMatches'],
      usesAI: false,
      meta: { suggestedPrerequisites: ['getCapabilityGaps'] },
    });
    expect(action.inputJsonSchema).toMatchObject({
      properties: { queryText: { type: 'string' } },
      required: ['queryText'],
    });
    expect(action.requires).toBeUndefined();
  });

  it('keeps infrastructure, context and args apart, with defaults from context', async () => {
    const result = await registry.run({
      name: 'findMatches',
      args: { limit: 2 },
      context: { lastMessage: 'typescript', userId: 'u7' },
      sessionId: 's1',
      user: recruiter,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { rows: ['typescript-1', 'typescript-2'], sessionId: 's1', user: 'u7' },
    });
    expect(result.modelOutput).toBe('Found 2 matches for typescript');
  });

  it('validates with the spec own zod messages, and checks required context and roles', async () => {
    const empty = await registry.run({
      name: 'findMatches',
      args: { queryText: '' },
      context: { userId: 'u' },
      sessionId: 's',
      user: recruiter,
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    if (!empty.ok) expect(empty.error.message).toContain('Query text cannot be empty');
    const noContext = await registry.run({
      name: 'findMatches',
      args: { queryText: 'x' },
      sessionId: 's',
      user: recruiter,
    });
    expect(noContext).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    if (!noContext.ok) expect(noContext.error.message).toContain('needs context userId');
    const noSession = await registry.run({
      name: 'findMatches',
      args: { queryText: 'x' },
      context: { userId: 'u' },
      user: recruiter,
    });
    expect(noSession).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const wrongRole = await registry.run({
      name: 'findMatches',
      args: { queryText: 'x' },
      context: { userId: 'u' },
      sessionId: 's',
      user: { id: 'x', roles: ['guest'] },
    });
    expect(wrongRole).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('can enforce suggested prerequisites', async () => {
    const strict = createRegistry({
      actions: [fromMCPActionV2(findMatches, { enforcePrerequisites: true })],
      services: { supabase },
    });
    expect(strict.get('findMatches')?.requires).toEqual(['getCapabilityGaps']);
  });
});

describe('fromGptAgentAction', () => {
  const search = fromGptAgentAction({
    type: 'tool.search-wikipedia',
    description: 'Search wikipedia using a search term. Returns a list of pages.',
    inputExample: { query: '{search query}' },
    executor: {
      async execute({ input }) {
        return { summary: `3 pages about ${(input as { query: string }).query}`, output: ['a', 'b', 'c'] };
      },
    },
  });

  it('keeps the dotted type as the name, and infers the schema from the example', async () => {
    const registry = createRegistry({ actions: [search] });
    expect(search.name).toBe('tool.search-wikipedia');
    expect(search.inputJsonSchema).toEqual({
      type: 'object',
      properties: { query: { type: 'string', description: 'search query' } },
      required: ['query'],
      additionalProperties: false,
    });
    const tools = registry.toolSet({ format: 'openai' });
    const legal = [...tools.names.keys()][0]!;
    expect(legal).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const result = await registry.run({ name: legal, args: { query: 'otters' } });
    expect(result).toMatchObject({ ok: true, modelOutput: '3 pages about otters' });
    expect((await registry.run({ name: 'tool.search-wikipedia', args: {} })).ok).toBe(false);
  });
});
