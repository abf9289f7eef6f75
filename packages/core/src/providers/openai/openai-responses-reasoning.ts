import type OpenAI from 'openai';
import type { AgentMessage, ProviderData } from '../../agent/model-types.js';

/** The key of the Responses API models' provider data on an assistant message. */
export const RESPONSES_DATA_KEY = 'openai-responses';

/** A reasoning item kept for the next turns: what goes back, and which item of the answer it came before. */
export interface KeptReasoning {
  readonly id?: string;
  readonly encryptedContent?: string;
  readonly summary: readonly string[];
  /** The call it came before; absent when it came before the answer's text. */
  readonly beforeCall?: string;
}

/** One output item of an answer, as the reasoning before it sees it. */
export type OutputSlot =
  | { readonly kind: 'reasoning'; readonly item: unknown }
  | { readonly kind: 'text' }
  | { readonly kind: 'call'; readonly id: string }
  | { readonly kind: 'other' };

// Real encrypted reasoning is a few kB per item; these bounds only stop a hostile server's answer from growing the
// stored conversation without end.
const MAX_ENCRYPTED_LENGTH = 1_000_000;
const MAX_SUMMARY_LENGTH = 100_000;
const MAX_ID_LENGTH = 256;
const MAX_ITEMS = 64;

/**
 * The provider data of one answer of `model`: each reasoning item tied to the item that followed it and goes back
 * with it (the text, or a call). One followed by nothing that goes back (a built-in tool's item, the end of the
 * answer) is dropped, as is one without an id or encrypted content (without encrypted content when the response is
 * not `stored`), with fields out of bounds, or repeating an id:
 * the API refuses a reasoning item without its following item or with an id it already has, and cannot read one
 * with neither.
 */
export function reasoningDataOf(
  model: string,
  slots: readonly OutputSlot[],
  options: { readonly stored: boolean },
): ProviderData | undefined {
  const kept: KeptReasoning[] = [];
  const seen = new Set<string>();
  let waiting: KeptReasoning[] = [];
  for (const slot of slots) {
    if (slot.kind === 'reasoning') {
      const found = keptOf(slot.item);
      // Unless OpenAI keeps the response, an item without its encrypted content cannot be read back by id.
      const item = found && (options.stored || found.encryptedContent !== undefined) ? found : undefined;
      // An item sent twice goes back once: the API refuses a repeated item id.
      if (item && !(item.id !== undefined && seen.has(item.id))) waiting.push(item);
      if (item?.id !== undefined) seen.add(item.id);
      continue;
    }
    if (slot.kind === 'text') kept.push(...waiting);
    else if (slot.kind === 'call') kept.push(...waiting.map((item) => ({ ...item, beforeCall: slot.id })));
    waiting = [];
  }
  if (kept.length === 0) return undefined;
  return { [RESPONSES_DATA_KEY]: { model, reasoning: kept.slice(0, MAX_ITEMS) } };
}

/**
 * The reasoning items an assistant message keeps for `model`: none when another provider or another model wrote
 * it (its items would be refused, or mean nothing), and only the well-formed ones of stored data.
 */
export function keptReasoningOf(
  message: Extract<AgentMessage, { role: 'assistant' }>,
  model: string,
): KeptReasoning[] {
  const data = message.providerData?.[RESPONSES_DATA_KEY];
  if (!isRecord(data) || data.model !== model || !Array.isArray(data.reasoning)) return [];
  const out: KeptReasoning[] = [];
  const seen = new Set<string>();
  for (const entry of data.reasoning.slice(0, MAX_ITEMS)) {
    if (!isRecord(entry)) continue;
    const item = keptOf({
      id: entry.id,
      encrypted_content: entry.encryptedContent,
      summary: Array.isArray(entry.summary)
        ? entry.summary.map((text: unknown) => ({ type: 'summary_text', text }))
        : [],
    });
    if (!item || (item.id !== undefined && seen.has(item.id))) continue;
    if (item.id !== undefined) seen.add(item.id);
    if (entry.beforeCall === undefined) out.push(item);
    else if (typeof entry.beforeCall === 'string') out.push({ ...item, beforeCall: entry.beforeCall });
  }
  return out;
}

/** A kept reasoning item as the Responses API takes it back. */
export function reasoningInputOf(item: KeptReasoning): OpenAI.Responses.ResponseInputItem {
  return {
    type: 'reasoning',
    ...(item.id !== undefined ? { id: item.id } : {}),
    ...(item.encryptedContent !== undefined ? { encrypted_content: item.encryptedContent } : {}),
    summary: item.summary.map((text) => ({ type: 'summary_text' as const, text })),
  } as OpenAI.Responses.ResponseReasoningItem;
}

/** The fields of a reasoning item worth keeping, or undefined when it is malformed or out of bounds. */
function keptOf(item: unknown): KeptReasoning | undefined {
  if (!isRecord(item)) return undefined;
  const { id, encrypted_content: encrypted } = item;
  const hasId = typeof id === 'string' && id !== '' && id.length <= MAX_ID_LENGTH;
  const hasEncrypted = typeof encrypted === 'string' && encrypted !== '';
  if (id !== undefined && id !== null && !hasId) return undefined;
  if (hasEncrypted && encrypted.length > MAX_ENCRYPTED_LENGTH) return undefined;
  if (!hasId && !hasEncrypted) return undefined;
  const summary: string[] = [];
  let length = 0;
  for (const part of Array.isArray(item.summary) ? item.summary : []) {
    if (!isRecord(part) || part.type !== 'summary_text' || typeof part.text !== 'string') continue;
    length += part.text.length;
    if (length > MAX_SUMMARY_LENGTH) return undefined;
    summary.push(part.text);
  }
  return {
    ...(hasId ? { id } : {}),
    ...(hasEncrypted ? { encryptedContent: encrypted } : {}),
    summary,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
