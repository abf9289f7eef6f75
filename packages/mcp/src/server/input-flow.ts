import { compileValidator, type RunResult } from '@affordance/core';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { HandlerExtra, ServeContext, SessionState } from './serve-context.js';

const DEFAULT_ELICIT_TIMEOUT_MS = 10 * 60_000;
/** A handler may ask this many questions in one call before the call answers with the last one unanswered. */
const MAX_QUESTIONS = 5;

/**
 * A call whose handler asked the person for input (`ctx.ask`, `input_required`): when the client can elicit (form
 * mode, and elicitation is not turned off), ask with the action's schema and run the call again with the answer,
 * as often as the handler asks (up to five questions). A declined, dismissed, failed or malformed answer, or a client
 * that cannot elicit, leaves the `input_required` result as it is: the tool error names the question.
 */
export async function answerInput(input: {
  readonly shared: ServeContext;
  readonly session: SessionState;
  readonly result: RunResult;
  readonly extra: HandlerExtra;
  readonly rerun: (answers: Readonly<Record<string, unknown>>) => Promise<RunResult>;
}): Promise<RunResult> {
  const { shared, session, extra, rerun } = input;
  let result = input.result;
  const elicit = shared.options.approvals?.elicit ?? true;
  if (
    elicit === false ||
    shared.options.jsonResponse ||
    !session.server.getClientCapabilities()?.elicitation?.form
  )
    return result;
  const answers: Record<string, unknown> = {};
  for (let asked = 0; asked < MAX_QUESTIONS; asked++) {
    const question = questionOf(result);
    if (!question) return result;
    let answer: ElicitResult;
    try {
      answer = await session.server.elicitInput(
        {
          mode: 'form',
          message: question.message,
          requestedSchema: question.schema as ElicitRequestFormParams['requestedSchema'],
        },
        {
          relatedRequestId: extra.requestId,
          signal: extra.signal,
          timeout: shared.options.approvals?.elicitTimeoutMs ?? DEFAULT_ELICIT_TIMEOUT_MS,
        },
      );
    } catch {
      return result;
    }
    if (answer.action !== 'accept' || answer.content === undefined) return result;
    // The handler reads the answer as its schema describes: one outside it (a client that skipped the SDK's
    // check) is refused, and the question stays unanswered.
    if (!(await matches(question.schema, answer.content))) return result;
    answers[question.key] = answer.content;
    result = await rerun({ ...answers });
  }
  return result;
}

function questionOf(
  result: RunResult,
): { key: string; message: string; schema: Record<string, unknown> } | undefined {
  if (result.ok || result.error.code !== 'input_required') return undefined;
  const details = result.error.details as Record<string, unknown> | undefined;
  const { key, message, responseSchema } = details ?? {};
  if (typeof key !== 'string' || typeof message !== 'string') return undefined;
  if (typeof responseSchema !== 'object' || responseSchema === null) return undefined;
  return { key, message, schema: responseSchema as Record<string, unknown> };
}

async function matches(schema: Record<string, unknown>, value: unknown): Promise<boolean> {
  try {
    return (await compileValidator(schema, 'the question')(value)).ok;
  } catch {
    return false;
  }
}
