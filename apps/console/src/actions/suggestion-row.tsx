import {
  type SuggestedAction,
  type SuggestedPrompt,
  SuggestionChips,
  useSuggestions,
} from '@affordance/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { TargetState } from '../api/types.js';

/** Props of `SuggestionRow`. */
export interface SuggestionRowProps {
  readonly api: ApiClient;
  readonly target: TargetState | undefined;
  /** The action that succeeded last in this console. */
  readonly after: string | undefined;
  readonly revision: number;
  readonly label: string;
  /** Without it, prompt chips are left out (the palette shows actions only). */
  readonly onPrompt?: (prompt: SuggestedPrompt) => void;
  readonly onAction: (action: SuggestedAction) => void;
}

/** The chips of `GET /api/suggestions` for the selected block: what to ask or do next. */
export function SuggestionRow(props: SuggestionRowProps): ReactNode {
  const { api, target } = props;
  const state = useSuggestions(
    { target: target ? { type: target.type, id: target.id } : undefined, after: props.after },
    { url: `${api.baseUrl}/api/suggestions`, headers: api.headers, revision: props.revision },
  );
  return (
    <SuggestionChips
      suggestions={state.suggestions}
      loading={state.status === 'loading'}
      label={props.label}
      className="suggestion-chips"
      chipClassName={(chip) => `chip chip-${chip.kind}`}
      {...(props.onPrompt ? { onPrompt: props.onPrompt } : {})}
      onAction={props.onAction}
    />
  );
}
