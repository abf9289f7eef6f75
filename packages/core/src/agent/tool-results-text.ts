import { buildSafePrompt } from '../text/build-safe-prompt.js';
import type { AgentMessage } from './model-types.js';

type ToolMessage = Extract<AgentMessage, { role: 'tool' }>;

// One rendering per message: each step re-sends the history, and the same text keeps provider prompt caches warm.
const rendered = new WeakMap<ToolMessage, string>();

/**
 * A tool message as the text protocol's user turn: every action result is untrusted data, fenced by
 * `buildSafePrompt` with its own boundary; the loop's own answer to `done` (completion feedback) follows as trusted
 * text, since the model must act on it.
 */
export function toolResultsText(message: ToolMessage, done: string): string {
  const known = rendered.get(message);
  if (known !== undefined) return known;
  const label = (result: ToolMessage['toolResults'][number]) =>
    `${result.name} (${result.ok ? 'ok' : 'failed'})`;
  const data = message.toolResults
    .filter((result) => result.name !== done)
    .map((result) => ({ source: `result of ${label(result)}`, text: result.output }));
  const own = message.toolResults
    .filter((result) => result.name === done)
    .map((result) => `Result of ${label(result)}:\n${result.output}`)
    .join('\n\n');
  const { prompt } = buildSafePrompt({ data, task: own });
  rendered.set(message, prompt);
  return prompt;
}
