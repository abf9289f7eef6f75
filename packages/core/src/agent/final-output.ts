import { AffordanceError } from '../errors/action-error.js';
import type { ToolFormat } from '../formats/types.js';
import { createRegistry } from '../registry/create-registry.js';
import { compileValidator, type Validator } from '../schema/compile-validator.js';
import { jsonSchemaOf } from '../schema/json-schema-of.js';
import type { JsonSchema, SchemaLike } from '../schema/types.js';
import { DONE, type FinishTool, type ReadTurn } from './model-turn.js';
import type { ModelResponse, ModelToolCall, ResponseFormat, StructuredOutputSupport } from './model-types.js';
import { type OutputMode, readJsonAnswer, resolveOutputMode, responseFormatOf } from './native-output.js';

/** The tool a model calls with its final answer when `runAgent` is given an `output` schema (native protocol). */
export const FINAL_ANSWER = 'final_answer';

/** A run's structured output: the finishing tool, its schema's validator and how many fix-it retries it allows. */
export interface FinalOutput extends FinishTool {
  readonly validate: Validator;
  readonly maxRetries: number;
  /** `native`: the answer is the text of a reply without calls, asked for with `format`; `tool`: the finishing call. */
  readonly mode: 'native' | 'tool';
  /** The response format of a native run. */
  readonly format?: ResponseFormat;
  /** A native run whose model takes the format only without tools: the answer is asked for in a turn of its own. */
  readonly jsonTurn: boolean;
  readonly schema: JsonSchema;
}

/** The outcome of a finishing call: the validated value, or the message that asks the model to fix it. */
export type OutputCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/** Build the finishing tool from the `output` schema (JSON Schema or a Standard Schema with JSON Schema). */
export function prepareOutput(
  schema: SchemaLike | undefined,
  protocol: 'native' | 'text',
  retries = 2,
  requested?: OutputMode,
  support?: StructuredOutputSupport,
): FinalOutput | undefined {
  if (schema === undefined) return undefined;
  const mode = resolveOutputMode(requested, protocol, support);
  if (!Number.isInteger(retries) || retries < 0) {
    throw new AffordanceError(
      'invalid_option',
      `runAgent: outputRetries must be an integer ≥ 0, not ${retries}`,
    );
  }
  const input = jsonSchemaOf(schema, 'input', 'runAgent output');
  const validate = compileValidator(schema, 'runAgent output');
  const name = protocol === 'native' ? FINAL_ANSWER : DONE;
  const registry = createRegistry({
    actions: [
      {
        name,
        description:
          'Give your final answer and finish the task. Call it alone, once everything else is done; its arguments are the answer.',
        input,
        handler: () => undefined,
      },
    ],
  });
  const cache = new Map<ToolFormat, unknown[]>();
  return {
    name,
    registry,
    validate,
    maxRetries: retries,
    mode,
    ...(mode === 'native' ? { format: responseFormatOf(input) } : {}),
    jsonTurn: mode === 'native' && support === 'alone',
    schema: input,
    tools(format) {
      let tools = cache.get(format);
      if (!tools) {
        tools = registry.tools({ format, strict: false });
        cache.set(format, tools);
      }
      return tools;
    },
  };
}

/** Validate a finishing call's arguments (none when the model answered without calling it). */
export async function checkOutput(
  output: FinalOutput,
  call: ModelToolCall | undefined,
): Promise<OutputCheck> {
  if (!call) {
    return {
      ok: false,
      message: `You answered without calling ${output.name}. Finish by calling ${output.name} with your final answer as its arguments.`,
    };
  }
  if (!('args' in call)) {
    return {
      ok: false,
      message: `The arguments of ${output.name} were not a JSON object. Call ${output.name} again with a JSON object.`,
    };
  }
  return validated(output, call.args, `Call ${output.name} again with a corrected answer.`);
}

/**
 * Check a step that would finish the run (a finishing call, or an answer without calls); undefined when the step
 * does not finish or the run has no `output` schema.
 */
export async function checkFinish(
  output: FinalOutput | undefined,
  read: ReadTurn,
  awaitingClient: boolean,
  response: ModelResponse,
): Promise<OutputCheck | undefined> {
  if (!output || awaitingClient) return undefined;
  const finishing = read.doneCall !== undefined || (read.calls.length === 0 && read.problems.length === 0);
  if (!finishing) return undefined;
  if (output.mode === 'tool' || read.doneCall) return checkOutput(output, read.doneCall);
  const answer = readJsonAnswer(response, output.schema);
  return answer.ok ? validated(output, answer.value, 'Answer again with a corrected JSON object.') : answer;
}

async function validated(output: FinalOutput, value: unknown, again: string): Promise<OutputCheck> {
  const validation = await output.validate(value);
  if (validation.ok) return { ok: true, value: validation.value };
  return {
    ok: false,
    message: [
      `Your final answer does not match the required schema:`,
      ...validation.issues.map((issue) => `- ${issue.message}`),
      again,
    ].join('\n'),
  };
}
