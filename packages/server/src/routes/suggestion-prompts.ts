import type { AgentMessage, LanguageModel } from '@affordance/core/agent';

/** One next prompt: the text a chip sends, and the available action it leads to. */
export interface SuggestedPrompt {
  readonly text: string;
  readonly action: string;
}

/** What a prompt is grounded in: an action the caller can run here. */
export interface PromptAction {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

/** The longest prompt text a chip shows; a longer model answer is dropped, not cut. */
export const MAX_PROMPT_LENGTH = 120;

/** The deterministic prompts: one per action, its title and the target's id. */
export function rulePrompts(
  actions: readonly PromptAction[],
  target: { readonly id: string } | undefined,
): SuggestedPrompt[] {
  return actions.map((action) => ({
    text: clip(target ? `${action.title} ${target.id}` : action.title),
    action: action.name,
  }));
}

/** Options of `modelPrompts`. */
export interface ModelPromptsOptions {
  readonly model: LanguageModel;
  readonly actions: readonly PromptAction[];
  readonly target: { readonly type: string; readonly id: string } | undefined;
  readonly after: string | undefined;
  readonly count: number;
  readonly signal: AbortSignal;
}

/**
 * Ask the model for a few next prompts grounded in `actions` only; answers the valid ones (see `readPrompts`), or
 * throws when the model fails.
 */
export async function modelPrompts(options: ModelPromptsOptions): Promise<SuggestedPrompt[]> {
  const { model, actions, count } = options;
  const response = await model.generate({ messages: promptMessages(options), signal: options.signal });
  return readPrompts(
    response.text,
    actions.map((action) => action.name),
    count,
  );
}

function promptMessages(options: ModelPromptsOptions): AgentMessage[] {
  const list = options.actions
    .map((action) => `- ${action.name}: ${action.title}. ${action.description.slice(0, 200)}`)
    .join('\n');
  const where = options.target
    ? `The user has selected ${options.target.type} ${options.target.id.slice(0, 80)}.`
    : 'Nothing is selected.';
  const after = options.after ? ` They just ran ${options.after}.` : '';
  return [
    {
      role: 'system',
      content:
        `Write at most ${options.count} short next prompts (under ${MAX_PROMPT_LENGTH} characters each) the user ` +
        'could send to an assistant. Each prompt must be done by exactly one action of the list, and only by one ' +
        'of them. Answer only JSON: {"prompts":[{"text":"...","action":"<action name from the list>"}]}.',
    },
    { role: 'user', content: `${where}${after}\nActions available here:\n${list}` },
  ];
}

// Control characters, zero-width and bidirectional marks: text a chip would show differently from what it sends.
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// Links and markup: a prompt chip names something to do here, it does not send people elsewhere.
const OFF_TOPIC = /https?:|www\.|[<>`]|\]\(/iu;

/**
 * The prompts of a model's answer that name an action of `allowed`: valid JSON (a code fence around it is fine),
 * plain one-line text without links or markup, each action once, at most `count`. Everything else is dropped.
 */
export function readPrompts(text: string, allowed: readonly string[], count: number): SuggestedPrompt[] {
  const names = new Set(allowed);
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/u, '')
    .replace(/```$/u, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const items = (parsed as { prompts?: unknown } | null)?.prompts;
  if (!Array.isArray(items)) return [];
  const prompts: SuggestedPrompt[] = [];
  const used = new Set<string>();
  for (const item of items) {
    const { text: raw, action } = (item ?? {}) as { text?: unknown; action?: unknown };
    if (typeof raw !== 'string' || typeof action !== 'string') continue;
    const promptText = raw.trim();
    if (!names.has(action) || used.has(action)) continue;
    if (promptText.length === 0 || promptText.length > MAX_PROMPT_LENGTH) continue;
    if (HIDDEN_CHARACTERS.test(promptText) || OFF_TOPIC.test(promptText)) continue;
    used.add(action);
    prompts.push({ text: promptText, action });
    if (prompts.length === count) break;
  }
  return prompts;
}

function clip(text: string): string {
  return text.length > MAX_PROMPT_LENGTH ? `${text.slice(0, MAX_PROMPT_LENGTH - 1)}…` : text;
}
