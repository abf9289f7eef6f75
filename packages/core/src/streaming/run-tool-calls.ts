import type { RunCall } from '../action/types.js';
import { actionError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import type { CallOutcome } from './call-tracker.js';
import type { JsonValue } from './partial-json-parser.js';

/** Runs one finished call; what it returns is the call's output, what it throws fails the call. */
export type ToolExecutor = (call: {
  readonly id: string;
  readonly name: string;
  readonly input: JsonValue;
  readonly signal: AbortSignal;
}) => unknown;

/** Who runs finished calls: `registry.run` (with the call-level fields of `run`), or an executor function. */
export interface RunnerOptions {
  readonly registry: Registry | undefined;
  readonly execute: true | ToolExecutor;
  readonly run: Omit<RunCall, 'name' | 'args' | 'callId' | 'toolCallId' | 'signal'> | undefined;
  readonly signal: AbortSignal;
  /** Called once per call, in the order the calls were scheduled. */
  readonly settle: (id: string, outcome: CallOutcome) => void;
}

/** Starts calls at once (so parallel calls run concurrently) and settles them in the order they started. */
export interface CallRunner {
  schedule(call: { readonly id: string; readonly name: string; readonly input: JsonValue }): void;
  /** Resolves when every scheduled call has settled; rejects with the first error a `settle` threw. */
  idle(): Promise<void>;
}

/** Create a runner for one stream's calls. */
export function createCallRunner(options: RunnerOptions): CallRunner {
  let chain: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;

  const runOne = async (call: { id: string; name: string; input: JsonValue }): Promise<CallOutcome> => {
    try {
      if (options.execute === true) {
        const result = await options.registry!.run({
          ...options.run,
          name: call.name,
          args: call.input,
          toolCallId: call.id,
          signal: options.signal,
        });
        return result.ok
          ? { ok: true, output: result.value, result }
          : { ok: false, error: result.error, result };
      }
      return { ok: true, output: await options.execute({ ...call, signal: options.signal }) };
    } catch (error) {
      return {
        ok: false,
        error: actionError(
          'handler_error',
          `${call.name} threw: ${(error as Error)?.message ?? String(error)}`,
        ),
      };
    }
  };

  return {
    schedule(call) {
      const outcome = runOne(call);
      chain = chain
        .then(() => outcome)
        .then((settled) => options.settle(call.id, settled))
        .catch((error: unknown) => {
          failure ??= { error };
        });
    },
    async idle() {
      await chain;
      if (failure) throw failure.error;
    },
  };
}
