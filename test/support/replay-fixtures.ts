// Recorded provider responses in test/fixtures/provider-streams (vercel/ai @ed857f5, Apache-2.0).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Recorded provider JSON, read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: the recordings are untyped third-party JSON; tests assert on their fields.
export type RecordedJson = any;

const DATA = resolve(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/provider-streams');

/** The chunks of a recorded stream (`<name>.chunks.txt`: one JSON object per line). */
export function readChunks(name: string): RecordedJson[] {
  return readFileSync(resolve(DATA, `${name}.chunks.txt`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line): RecordedJson => JSON.parse(line));
}

/** A recorded non-streaming response (`<name>.json`). */
export function readResponse(name: string): RecordedJson {
  return JSON.parse(readFileSync(resolve(DATA, `${name}.json`), 'utf8'));
}

/** Chat Completions SSE: `data: <chunk>` per chunk, then `data: [DONE]`. */
export function openAISse(chunks: readonly unknown[]): string[] {
  return [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'];
}

/** Anthropic Messages SSE: `event: <type>` and `data: <chunk>` per chunk. */
export function anthropicSse(chunks: readonly RecordedJson[]): string[] {
  return chunks.map((chunk) => `event: ${String(chunk.type)}\ndata: ${JSON.stringify(chunk)}\n\n`);
}

/** Gemini `streamGenerateContent?alt=sse`: `data: <chunk>` per chunk, separated by CRLF pairs as the API sends them. */
export function geminiSse(chunks: readonly unknown[]): string[] {
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`);
}

/** OpenAI Responses SSE: `event: <type>` and `data: <event>` per event, as `POST /v1/responses` streams them. */
export function responsesSse(events: readonly RecordedJson[]): string[] {
  return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
}
