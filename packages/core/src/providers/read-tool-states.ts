import type { ModelStreamPart, ModelToolCall } from '../agent/model-types.js';
import { toolCallOf } from '../agent/model-types.js';
import type { ToolCallPart, ToolCallState } from '../streaming/tool-call-parts.js';

/** Map an assembler part to a model stream part (undefined for parts a model stream does not carry). */
export function streamPartOf(part: ToolCallPart): ModelStreamPart | undefined {
  switch (part.type) {
    case 'text-delta':
      return part.delta === '' ? undefined : { type: 'text-delta', delta: part.delta };
    case 'tool-input-start':
      return { type: 'tool-input-start', id: part.id, name: part.name };
    case 'tool-input-delta':
      return part.delta === '' ? undefined : { type: 'tool-input-delta', id: part.id, delta: part.delta };
    case 'tool-input-end':
    case 'tool-call':
    case 'tool-result':
    case 'tool-error':
      // Calls are announced once the stream ends, from the assembler's final states.
      return undefined;
    default: {
      const never: never = part;
      return never;
    }
  }
}

/** The finished tool calls of a streamed answer (provider-executed ones left out), in the order they started. */
export function toolCallsOf(states: readonly ToolCallState[]): ModelToolCall[] {
  return states
    .filter((state) => !state.providerExecuted)
    .map((state) =>
      isRecord(state.input)
        ? { id: state.id, name: state.name, args: state.input }
        : toolCallOf(state.id, state.name, state.inputText),
    );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
