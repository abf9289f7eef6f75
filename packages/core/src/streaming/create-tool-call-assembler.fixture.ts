import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';
import { createToolCallAssembler } from './create-tool-call-assembler.js';
import type { ToolCallPart } from './tool-call-parts.js';

// Shared setup of the create-tool-call-assembler tests: chunk builders, a clock, a part collector and a registry.

export const chat = (calls: object[], finish?: string) => ({
  choices: [{ index: 0, delta: { tool_calls: calls }, finish_reason: finish ?? null }],
});
export const agui = (type: string, fields: object = {}) => ({ type, ...fields });

export function clock() {
  let time = 1000;
  return () => time++;
}

export function collect(options: Parameters<typeof createToolCallAssembler>[0] = {}) {
  const parts: ToolCallPart[] = [];
  const assembler = createToolCallAssembler({ now: clock(), ...options, onPart: (part) => parts.push(part) });
  return { parts, assembler };
}

export const registry = () =>
  createRegistry({
    targets: { get: (type, id) => ({ type, id }) },
    actions: [
      defineAction({
        name: 'weather',
        description: 'Weather for a city',
        input: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
        handler: async ({ city }) => ({ city, sky: 'clear' }),
      }),
      defineAction({
        name: 'recolor',
        scope: 'shape',
        description: 'Recolor a shape',
        input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        handler: ({ color }) => ({ color }),
      }),
    ],
  });
