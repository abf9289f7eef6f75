import type { ActionEntry } from '../actions/action-entry.js';

/** One suggested next action: an entry of `GET /api/actions`, and why it is offered. */
export interface SuggestedAction extends ActionEntry {
  /** `next`: the last action's `next`; `unlocked`: its prerequisites are now met; `available`: best of the rest. */
  readonly source: 'next' | 'unlocked' | 'available';
}

/** One next prompt: the text to send, and the available action it leads to. */
export interface SuggestedPrompt {
  readonly text: string;
  readonly action: string;
}

/** The answer of `GET /api/suggestions`: only actions the caller can run now, and prompts grounded in them. */
export interface Suggestions {
  readonly target?: { readonly type: string; readonly id: string };
  readonly actions: readonly SuggestedAction[];
  readonly prompts: readonly SuggestedPrompt[];
  /** `model` when the server's model wrote the prompts, else `rules`. */
  readonly source: 'model' | 'rules';
  /** Why a configured model's prompts were not used. */
  readonly fallback?: 'model_failed' | 'model_answer_invalid' | 'rate_limited';
}

/** What to suggest for: the target in view, the action that just succeeded, what the user typed. */
export interface SuggestionQuery {
  /** `type:id`, or `{ type, id }`. */
  readonly target?: string | { readonly type: string; readonly id: string } | undefined;
  readonly after?: string | undefined;
  readonly q?: string | undefined;
  readonly limit?: number | undefined;
}

/** Where suggestions come from: the route's URL, the fetch to call it with, extra headers (an API key). */
export interface SuggestionSourceOptions {
  /** Default `/api/suggestions`. */
  readonly url?: string;
  readonly fetch?: typeof fetch;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A refused or failed suggestions request: the server's error code (or `network_error`) and message. */
export class SuggestionsError extends Error {
  override readonly name = 'SuggestionsError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The URL of a suggestions request: `url` with the defined query values. */
export function suggestionsUrl(url: string, query: SuggestionQuery): string {
  const params = new URLSearchParams();
  const target = typeof query.target === 'object' ? `${query.target.type}:${query.target.id}` : query.target;
  if (target) params.set('target', target);
  if (query.after) params.set('after', query.after);
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Fetch the suggestions for a query; rejects with `SuggestionsError` carrying the server's code. */
export async function fetchSuggestions(
  query: SuggestionQuery,
  options: SuggestionSourceOptions & { readonly signal?: AbortSignal } = {},
): Promise<Suggestions> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(suggestionsUrl(options.url ?? '/api/suggestions', query), {
      headers: { accept: 'application/json', ...options.headers },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SuggestionsError('network_error', `cannot reach the server: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => undefined)) as
    | (Suggestions & { error?: { code?: string; message?: string } })
    | undefined;
  if (!response.ok || !body || !Array.isArray(body.actions) || !Array.isArray(body.prompts)) {
    throw new SuggestionsError(
      body?.error?.code ?? 'invalid_response',
      body?.error?.message ?? `the suggestions route answered ${response.status}`,
    );
  }
  return body;
}
