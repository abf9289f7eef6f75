import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type ActionContext, createRegistry, defineAction, defineActionFor, type Target } from '../index.js';

// An app's own targets, declared as interfaces (no index signature) and as a union on `type`.
interface Shape {
  readonly id: string;
  readonly type: 'shape';
  color: string;
  readonly locked: boolean;
}
interface Note {
  readonly id: string;
  readonly type: 'note';
  readonly text: string;
}
type Block = Shape | Note;
interface AppContext {
  readonly selection: readonly string[];
}

const defineBlockAction = defineActionFor<Block, AppContext>();

describe('defineActionFor types ctx.target and when({ target }) from the scope', () => {
  it('gives a scoped action the member of the union its scope names', () => {
    defineBlockAction({
      name: 'updateColor',
      scope: 'shape',
      description: 'Change the color',
      input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      when: ({ target, context }) => {
        expectTypeOf(target).toEqualTypeOf<Shape>();
        expectTypeOf(context).toEqualTypeOf<AppContext>();
        return !target.locked;
      },
      handler: (input, ctx) => {
        expectTypeOf(input).toEqualTypeOf<{ [x: string]: unknown; color: string }>();
        expectTypeOf(ctx.target).toEqualTypeOf<Shape>();
        ctx.target.color = input.color;
        return { color: ctx.target.color };
      },
    });
    defineBlockAction({
      name: 'rename',
      scope: 'note',
      description: 'Edit the text',
      input: z.object({ text: z.string() }),
      handler: (input, ctx) => {
        expectTypeOf(input).toEqualTypeOf<{ text: string }>();
        expectTypeOf(ctx.target).toEqualTypeOf<Note>();
        // @ts-expect-error a note has no color
        ctx.target.color;
      },
    });
  });

  it('gives an unscoped action the target in view, or none', () => {
    defineBlockAction({
      name: 'help',
      description: 'What the app can do',
      when: ({ target }) => {
        expectTypeOf(target).toEqualTypeOf<Block | undefined>();
        return true;
      },
      handler: (_input, ctx) => {
        expectTypeOf(ctx.target).toEqualTypeOf<Block | undefined>();
      },
    });
  });

  it('refuses a scope that is not one of the target types', () => {
    defineBlockAction({
      name: 'crop',
      // @ts-expect-error there is no 'image' block
      scope: 'image',
      description: 'Crop it',
    });
  });

  it('returns an action a registry takes, with a resolver of the same interfaces', () => {
    const blocks: Record<string, Block> = {};
    const action = defineBlockAction({ name: 'lock', scope: 'shape', description: 'Lock it' });
    expectTypeOf(action.handler).parameter(1).toEqualTypeOf<ActionContext<AppContext, Shape>>();
    createRegistry({ actions: [action], targets: { get: (_type, id) => blocks[id] } });
  });
});

describe('defineAction without a target type', () => {
  it('keeps the open Target, whose fields are unknown until checked', () => {
    defineAction({
      name: 'plain',
      scope: 'shape',
      description: 'plain',
      when: ({ target }) => {
        expectTypeOf(target).toEqualTypeOf<Target>();
        return target.locked !== true;
      },
      handler: (_input, ctx) => {
        expectTypeOf(ctx.target.color).toEqualTypeOf<unknown>();
      },
    });
  });
});
