import type { ModelToolCall } from '../../agent/model-types.js';

const WRAPPER = 'parallel';
const PREFIX = 'functions.';
const MAX_CALLS = 128;

/** Whether `name` is the `multi_tool_use.parallel` wrapper: `parallel`, when no offered tool has that name. */
export function isParallelWrapper(name: string, toolNames: ReadonlySet<string>): boolean {
  return name === WRAPPER && !toolNames.has(WRAPPER);
}

/**
 * Unwrap the `parallel` call some OpenAI models emit instead of separate calls
 * (`{ tool_uses: [{ recipient_name: 'functions.<name>', parameters: {…} }] }`) into one call per tool use, with the
 * ids `<id>_0`, `<id>_1` …. Only a wrapper whose every use names an offered tool with an object of parameters is
 * unwrapped (at most 128 uses); anything else stays the one call it was, which the registry refuses as an unknown
 * tool, so the model hears of it.
 */
export function expandParallelCall(
  call: ModelToolCall,
  toolNames: ReadonlySet<string>,
): readonly ModelToolCall[] {
  if (!isParallelWrapper(call.name, toolNames) || !('args' in call)) return [call];
  const uses = call.args.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0 || uses.length > MAX_CALLS) return [call];
  const calls: ModelToolCall[] = [];
  for (const [index, use] of uses.entries()) {
    if (!isRecord(use)) return [call];
    const { recipient_name: recipient, parameters } = use;
    if (typeof recipient !== 'string' || !recipient.startsWith(PREFIX) || !isRecord(parameters))
      return [call];
    const name = recipient.slice(PREFIX.length);
    if (!toolNames.has(name)) return [call];
    calls.push({ id: `${call.id}_${index}`, name, args: parameters });
  }
  return calls;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
