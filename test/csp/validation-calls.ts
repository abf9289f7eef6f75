import { createRegistry, defineAction, type RunResult } from '@affordance/core';

/** One action and the calls the runtime checks (Node without code generation, Chromium under a strict CSP) make. */
export const paint = defineAction({
  name: 'paint',
  description: 'Paints a shape',
  input: {
    type: 'object',
    properties: {
      color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
      contact: { type: 'string', format: 'email' },
      layers: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
    required: ['color'],
    additionalProperties: false,
  } as const,
  handler: (input) => input,
});

export const calls: ReadonlyArray<Record<string, unknown>> = [
  { color: '#A0B1C2' },
  { color: 'red', size: 11 },
  { colour: '#000000' },
  { color: '#000000', contact: 'not an email', layers: [{ name: 'a' }, {}] },
];

/** What each call returned: the value, or the error code, issue paths and fix-it messages. */
export interface CallOutcome {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly code?: string;
  readonly issues?: ReadonlyArray<{
    path: ReadonlyArray<string | number>;
    message: string;
    keyword?: string;
  }>;
}

/** Run every call through a registry and report the outcomes. */
export async function runCalls(): Promise<CallOutcome[]> {
  const registry = createRegistry({ actions: [paint] });
  const outcomes: CallOutcome[] = [];
  for (const args of calls) outcomes.push(outcomeOf(await registry.run({ name: 'paint', args })));
  return outcomes;
}

function outcomeOf(result: RunResult): CallOutcome {
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, code: result.error.code, issues: result.error.issues ?? [] };
}
