// What the small tuning registries of test/ranking (the task board, the slide deck) share: the shape their actions
// are written in, and how that shape becomes actions as a library user makes them. Their handlers only echo what they
// were given (the tuning sets measure ranking, nothing runs).
import { type AnyAction, type Availability, defineAction, type JsonSchema } from '@affordance/core';

/** One scoped action: its words, examples and the parameters the request must fill. */
export interface ScopedActionShape<Scope extends string> {
  readonly scope: Scope;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly examples: readonly string[];
  readonly tags?: readonly string[];
  /** Parameter name → its JSON schema; `required` lists those the request must fill. */
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
}

export const text = (description: string): JsonSchema => ({ type: 'string', description });
export const number = (description: string): JsonSchema => ({ type: 'number', description });

/** The actions of some shapes, as `defineAction` makes them; `when` gives each its condition, if any. */
export function scopedActions<Shape extends ScopedActionShape<string>>(
  shapes: readonly Shape[],
  when?: (shape: Shape, target: unknown) => Availability,
): AnyAction[] {
  return shapes.map((shape) =>
    defineAction({
      name: shape.name,
      scope: shape.scope,
      title: shape.title,
      description: shape.description,
      examples: [...shape.examples],
      ...(shape.tags ? { tags: [...shape.tags] } : {}),
      input: {
        type: 'object',
        properties: shape.properties ?? {},
        required: [...(shape.required ?? [])],
        additionalProperties: false,
      },
      ...(when ? { when: ({ target }: { target?: unknown }) => when(shape, target) } : {}),
      handler: (input: unknown) => ({ done: shape.name, input }),
    } as never),
  );
}
