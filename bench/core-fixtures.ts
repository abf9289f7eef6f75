/**
 * The registries the core benchmark calls, built from a given copy of `@affordance/core` (its sources, or a bundle
 * of another commit's for `--base`), so the same calls run against each copy.
 */
import { tool as aiTool, safeParseJSON, zodSchema } from '@ai-sdk/provider-utils';
import { z } from 'zod';
import type * as Core from '../packages/core/src/index.js';

/** A copy of the core package's root entry. */
export type CoreModule = typeof Core;

/** The action's input schema (a color with a pattern), shared with the other contenders. */
export const jsonSchema = {
  type: 'object',
  properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  required: ['color'],
  additionalProperties: false,
} as const;

/** The handler every contender calls. */
export const handler = async (input: { color: string }) => ({ color: input.color });

export const user = { id: 'u1', roles: ['editor'] };
export const validArgs = { blockId: 'shape-1', color: '#ff0000' };
export const invalidArgs = { blockId: 'shape-1', color: 'red' };
export const shape = { id: 'shape-1', type: 'shape', color: '#000000', locked: false };

/** The registry.run calls of the benchmark, on one copy of core. */
export function coreCalls(core: CoreModule) {
  const { createRegistry, defineAction } = core;
  // A scoped action with a pattern, a role, a `when` rule and an in-memory rate limit.
  const registry = createRegistry({
    targets: { get: (_type, id) => (id === 'shape-1' ? shape : undefined) },
    actions: [
      defineAction({
        name: 'updateColor',
        scope: 'shape',
        roles: ['editor'],
        description: "Change the shape's fill color",
        input: jsonSchema,
        rateLimit: { points: 1e12, duration: 3600 },
        when: ({ target }) => (target?.locked ? { available: false, reason: 'block is locked' } : true),
        handler: (input) => handler(input),
      }),
    ],
  });
  // The same handler as an unscoped action with nothing but its schema: what the pipeline costs on its own.
  const plain = createRegistry({
    actions: [
      defineAction({
        name: 'paint',
        description: 'Paint with a color',
        input: jsonSchema,
        handler: (input) => handler(input),
      }),
    ],
  });
  return {
    registry,
    valid: () => registry.run({ name: 'shape_updateColor', args: validArgs, user }),
    validText: () =>
      registry.run({ name: 'shape_updateColor', args: '{"blockId":"shape-1","color":"#ff0000"}', user }),
    schemaOnly: () => plain.run({ name: 'paint', args: { color: '#ff0000' }, user }),
    invalid: () => registry.run({ name: 'shape_updateColor', args: invalidArgs, user }),
  };
}

/** The same schema in zod, for the zod, LangChain and AI SDK contenders. */
export const zodInput = z.object({ color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict();

const sdkTool = aiTool({
  description: "Change the shape's fill color",
  inputSchema: zodInput,
  execute: handler,
});
const sdkSchema = zodSchema(zodInput);

/** The Vercel AI SDK's parse-and-execute path for a tool call's JSON text (`safeParseJSON` + `tool.execute`). */
export async function sdkCall(text: string) {
  const parsed = await safeParseJSON({ text, schema: sdkSchema });
  if (!parsed.success) return { error: parsed.error.message };
  return sdkTool.execute!(parsed.value, { toolCallId: 'c1', messages: [] });
}
