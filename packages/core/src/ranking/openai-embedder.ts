import { AffordanceError } from '../errors/action-error.js';
import { EmbeddingError } from './embedding-error.js';
import type { Embedder } from './types.js';

/** Options of `createOpenAIEmbedder`. */
export interface OpenAIEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/embeddings` is appended. */
  readonly baseURL: string;
  readonly apiKey?: string;
  readonly model: string;
  /** Requested vector size, for models that support shortening (`text-embedding-3-*`). */
  readonly dimensions?: number;
  /** The `fetch` to use (default: the global one). */
  readonly fetch?: typeof fetch;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

interface EmbeddingResponse {
  readonly data?: ReadonlyArray<{ readonly index?: number; readonly embedding?: unknown }>;
}

/** An `Embedder` over an OpenAI-compatible `POST /embeddings` endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio …). */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  if (typeof options.baseURL !== 'string' || options.baseURL.trim() === '') {
    throw new AffordanceError(
      'invalid_option',
      'createOpenAIEmbedder needs a baseURL such as https://api.openai.com/v1',
    );
  }
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new AffordanceError(
      'invalid_option',
      'createOpenAIEmbedder needs a model such as text-embedding-3-small',
    );
  }
  const url = `${options.baseURL.replace(/\/+$/, '')}/embeddings`;
  const send = options.fetch ?? globalThis.fetch;
  return {
    async embed(texts, embedOptions = {}) {
      if (texts.length === 0) return [];
      const response = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify({
          model: options.model,
          input: texts,
          encoding_format: 'float',
          ...(options.dimensions ? { dimensions: options.dimensions } : {}),
        }),
        ...(embedOptions.signal ? { signal: embedOptions.signal } : {}),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        throw new EmbeddingError(
          `POST ${url} answered ${response.status}${detail ? `: ${detail}` : ''}`,
          response.status,
        );
      }
      const body = (await response.json()) as EmbeddingResponse;
      const data = body?.data;
      if (!Array.isArray(data) || data.length !== texts.length) {
        throw new EmbeddingError(
          `POST ${url} returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${texts.length} texts`,
        );
      }
      const vectors: number[][] = new Array(texts.length);
      data.forEach((item, position) => {
        const at = typeof item.index === 'number' ? item.index : position;
        const embedding = item.embedding;
        if (
          at < 0 ||
          at >= texts.length ||
          !Array.isArray(embedding) ||
          !embedding.every((v) => typeof v === 'number')
        ) {
          throw new EmbeddingError(`POST ${url} returned a malformed embedding at position ${position}`);
        }
        vectors[at] = embedding as number[];
      });
      for (let at = 0; at < vectors.length; at++) {
        if (vectors[at] === undefined)
          throw new EmbeddingError(`POST ${url} returned no embedding for text ${at}`);
      }
      return vectors;
    },
  };
}
