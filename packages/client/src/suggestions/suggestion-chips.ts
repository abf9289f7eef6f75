import type { SuggestedAction, SuggestedPrompt, Suggestions } from './fetch-suggestions.js';

/** One chip of a suggestion row: a prompt to send, or an action to run (or open the form of). */
export type SuggestionChip =
  | {
      readonly kind: 'prompt';
      readonly key: string;
      readonly prompt: SuggestedPrompt;
      readonly label: string;
    }
  | {
      readonly kind: 'action';
      readonly key: string;
      readonly action: SuggestedAction;
      readonly label: string;
    };

/** Which chips a row shows (default both: prompts first, then actions). */
export interface SuggestionChipOptions {
  readonly prompts?: boolean;
  readonly actions?: boolean;
}

/** The chips of a suggestion row, each with a stable key and the text a screen reader announces. */
export function suggestionChips(
  suggestions: Suggestions | undefined,
  options: SuggestionChipOptions = {},
): SuggestionChip[] {
  if (!suggestions) return [];
  const chips: SuggestionChip[] = [];
  if (options.prompts !== false) {
    for (const prompt of suggestions.prompts) {
      chips.push({
        kind: 'prompt',
        key: `prompt:${prompt.action}:${prompt.text}`,
        prompt,
        label: `Send: ${prompt.text}`,
      });
    }
  }
  if (options.actions !== false) {
    for (const action of suggestions.actions) {
      chips.push({
        kind: 'action',
        key: `action:${action.name}`,
        action,
        label: `Run ${action.title ?? action.name}`,
      });
    }
  }
  return chips;
}
