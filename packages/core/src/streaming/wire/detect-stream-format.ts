import { isRecord, type StreamFormat } from './wire-event.js';

const ANTHROPIC = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'ping',
]);
const COHERE = new Set([
  'message-start',
  'message-end',
  'content-start',
  'content-delta',
  'content-end',
  'tool-plan-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'citation-start',
  'citation-end',
  'debug',
]);
const BEDROCK = [
  'contentBlockStart',
  'contentBlockDelta',
  'contentBlockStop',
  'messageStart',
  'messageStop',
  'metadata',
];

/** Which wire format a chunk belongs to, or undefined when it cannot tell (an unknown or ambiguous chunk). */
export function detectStreamFormat(chunk: unknown): StreamFormat | undefined {
  if (!isRecord(chunk)) return undefined;
  const { type } = chunk;
  if (typeof type === 'string') {
    if (type.startsWith('response.')) return 'openai-responses';
    if (ANTHROPIC.has(type)) return 'anthropic';
    if (COHERE.has(type)) return 'cohere';
    if (/^[A-Z][A-Z_]*$/.test(type)) return 'ag-ui';
    // `error` is both Anthropic's ({ error: { … } }) and the Responses API's ({ code, message }).
    if (type === 'error') return isRecord(chunk.error) ? 'anthropic' : undefined;
  }
  if (Array.isArray(chunk.choices)) return 'openai-chat';
  if (Array.isArray(chunk.candidates) || isRecord(chunk.usageMetadata) || isRecord(chunk.promptFeedback))
    return 'gemini';
  if (typeof chunk.event_type === 'string') return 'gemini-interactions';
  if (BEDROCK.some((key) => isRecord(chunk[key]))) return 'bedrock';
  return undefined;
}
