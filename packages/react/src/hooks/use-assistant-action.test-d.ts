import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { useAssistantAction } from './use-assistant-action.js';

test('handler args are inferred from a JSON Schema literal', () => {
  useAssistantAction({
    name: 'web_search',
    description: 'Search',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
    },
    handler: (args) => {
      expectTypeOf(args.query).toEqualTypeOf<string>();
      expectTypeOf(args.limit).toEqualTypeOf<number | undefined>();
      return args.query;
    },
    render: ({ args }) => {
      expectTypeOf(args?.query).toEqualTypeOf<string | undefined>();
      return null;
    },
  });
});

test('handler args are inferred from a zod schema', () => {
  useAssistantAction({
    name: 'paint',
    description: 'Paint',
    parameters: z.object({ color: z.string(), opacity: z.number().optional() }),
    handler: (args) => {
      expectTypeOf(args).toEqualTypeOf<{ color: string; opacity?: number | undefined }>();
    },
  });
});
