// Scripted answers in the exact Chat Completions wire format, modelled chunk by chunk on a recorded
// OpenAI-compatible stream, test/fixtures/provider-streams/openai-compatible/chat/anthropic-fallback-tool-call.sse
// (vercel/ai @ed857f5, Apache-2.0): the recording's text and tool-call chunks, with the canvas demo's names and
// arguments put in, served by the replay server and read through the official `openai` client.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LanguageModel } from '@affordance/core/agent';
import { createOpenAIModel } from '@affordance/core/openai';
import type { RecordedJson } from '../support/replay-fixtures.js';
import { type ReplayRequest, type ReplayServer, startReplayServer } from '../support/replay-server.js';
import { REPO_ROOT } from './run-cli.js';

const RECORDING = resolve(
  REPO_ROOT,
  'test/fixtures/provider-streams/openai-compatible/chat/anthropic-fallback-tool-call.sse',
);

function recorded(): RecordedJson[] {
  return readFileSync(RECORDING, 'utf8')
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
    .map((frame): RecordedJson => JSON.parse(frame.slice('data: '.length)));
}

const [ROLE, CONTENT, , CALL_START, , ARGUMENTS, , FINISH] = recorded();

const frame = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;
const withDelta = (template: RecordedJson, delta: unknown, finish: string | null = null) => ({
  ...template,
  choices: [{ ...template.choices[0], delta, finish_reason: finish }],
});

/** Split text in two, as a stream delivers it in pieces. */
function pieces(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((piece) => piece !== '');
}

/** A scripted tool call: id, name and arguments. */
export interface ReplayCall {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** An answer of text, then tool calls (none for a final answer), as Chat Completions SSE frames. */
export function replyFrames(text: string, calls: readonly ReplayCall[] = []): string[] {
  const frames = [frame(ROLE)];
  for (const piece of pieces(text)) frames.push(frame(withDelta(CONTENT, { content: piece })));
  calls.forEach((call, index) => {
    frames.push(
      frame(
        withDelta(CALL_START, {
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      ),
    );
    for (const piece of pieces(JSON.stringify(call.args))) {
      frames.push(frame(withDelta(ARGUMENTS, { tool_calls: [{ index, function: { arguments: piece } }] })));
    }
  });
  frames.push(frame(withDelta(FINISH, {}, calls.length > 0 ? 'tool_calls' : 'stop')));
  frames.push('data: [DONE]\n\n');
  return frames;
}

/** The environment that points the CLI's model at a replay server's `/v1` base URL (or at nothing that answers). */
export const replayEnv = (baseURL: string) => ({
  AFFORDANCE_MODEL: 'openai:replay-model',
  OPENAI_BASE_URL: baseURL,
  OPENAI_API_KEY: '',
});

/** A replay server answering each model request with the next scripted answer, and a model reading it. */
export interface ReplayModel {
  readonly server: ReplayServer;
  readonly model: LanguageModel;
  /** The `/v1` base URL, for `OPENAI_BASE_URL`. */
  readonly baseURL: string;
  /** The requests that offered tools (agent turns). */
  agentRequests(): readonly ReplayRequest[];
  close(): Promise<void>;
}

/**
 * Start a replay model: request n gets `script[n]` (past the end, an HTTP 500 the client reports). With
 * `agentTurnsOnly`, a request offering no tools (the server's suggestion prompts, not an agent turn) gets an HTTP 503
 * and takes no answer from the script; `agentRequests()` lists the others.
 */
export async function startReplayModel(
  script: readonly (readonly string[])[],
  options: { readonly agentTurnsOnly?: boolean } = {},
): Promise<ReplayModel> {
  let turn = 0;
  const server = await startReplayServer({
    '/v1/chat/completions': (body) => {
      if (options.agentTurnsOnly && !Array.isArray((body as RecordedJson)?.tools)) {
        return { json: { error: { message: 'not an agent turn' } }, status: 503 };
      }
      const answer = script[turn++];
      return answer
        ? { sse: answer }
        : { json: { error: { message: 'the replay script has no more answers' } }, status: 500 };
    },
  });
  const baseURL = `${server.url}/v1`;
  return {
    server,
    baseURL,
    model: createOpenAIModel({ model: 'replay-model', baseURL, apiKey: 'sk-replay' }),
    agentRequests: () => server.requests.filter((request) => Array.isArray(request.body?.tools)),
    close: () => server.close(),
  };
}
