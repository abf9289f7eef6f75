import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineAction, type RunResult, type Target } from '../index.js';

describe('defineAction infers the handler input', () => {
  it('from a zod v4 schema', () => {
    defineAction({
      name: 'a',
      description: 'zod',
      input: z.object({ color: z.string(), size: z.number().optional() }),
      handler: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ color: string; size?: number | undefined }>();
      },
    });
  });

  it('from a valibot schema wrapped for JSON Schema', () => {
    defineAction({
      name: 'b',
      description: 'valibot',
      input: toStandardJsonSchema(v.object({ title: v.string(), done: v.boolean() })),
      handler: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ title: string; done: boolean }>();
      },
    });
  });

  it('from an arktype schema', () => {
    defineAction({
      name: 'c',
      description: 'arktype',
      input: type({ name: 'string', 'age?': 'number' }),
      handler: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ name: string; age?: number }>();
      },
    });
  });

  it('from an inline JSON Schema literal, without `as const`', () => {
    defineAction({
      name: 'd',
      scope: 'shape',
      description: 'json schema',
      input: {
        type: 'object',
        properties: { color: { type: 'string' }, opacity: { type: 'number' } },
        required: ['color'],
        additionalProperties: false,
      },
      handler: (input, ctx) => {
        expectTypeOf(input).toEqualTypeOf<{ color: string; opacity?: number }>();
        expectTypeOf(ctx.target).toEqualTypeOf<Target>();
        return { color: input.color };
      },
    });
  });

  it('from a JSON Schema declared `as const`', () => {
    const schema = {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } }, mode: { enum: ['fast', 'slow'] } },
      required: ['tags', 'mode'],
    } as const;
    defineAction({
      name: 'e',
      description: 'as const',
      input: schema,
      handler: (input) => {
        expectTypeOf(input.tags).toEqualTypeOf<string[]>();
        expectTypeOf(input.mode).toEqualTypeOf<'fast' | 'slow'>();
      },
    });
  });

  it('with no input: an empty record', () => {
    defineAction({
      name: 'f',
      description: 'no input',
      handler: (input) => {
        expectTypeOf(input).toEqualTypeOf<Record<string, never>>();
      },
    });
  });

  it('types results as a union on ok', () => {
    expectTypeOf<RunResult<number>>().toMatchTypeOf<{ ok: boolean; callId: string; modelOutput: string }>();
    const narrow = (result: RunResult<number>) => (result.ok ? result.value : result.error.code);
    expectTypeOf(narrow).returns.toEqualTypeOf<number | import('../index.js').ErrorCode>();
  });

  it('rejects a wrong handler input use', () => {
    defineAction({
      name: 'g',
      description: 'errors',
      input: z.object({ n: z.number() }),
      handler: (input) => {
        // @ts-expect-error n is a number
        input.n.toUpperCase();
      },
    });
  });
});
