import type { RunCall } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import { CallTracker } from './call-tracker.js';
import { checkToolInput } from './check-tool-input.js';
import type { PartialJsonOptions } from './partial-json-parser.js';
import { createCallRunner, type ToolExecutor } from './run-tool-calls.js';
import type { ToolCallError, ToolCallPart, ToolCallState } from './tool-call-parts.js';
import { createWireReader } from './wire/create-wire-reader.js';
import { detectStreamFormat } from './wire/detect-stream-format.js';
import { isRecord, type StreamFormat, type WireReader } from './wire/wire-event.js';

/** Options of `createToolCallAssembler`; all optional. */
export interface ToolCallAssemblerOptions {
  /** Validate finished arguments against each action's tool schema (and run calls with `execute: true`). */
  readonly registry?: Registry;
  /** Called with every part, in order, including the results of calls that finish later. */
  readonly onPart?: (part: ToolCallPart) => void;
  /** Read every chunk as this format instead of detecting it chunk by chunk. */
  readonly format?: StreamFormat;
  /** Run each valid call as soon as its arguments are complete: `true` for `registry.run`, or a function. */
  readonly execute?: boolean | ToolExecutor;
  /** Call-level fields for `registry.run` (user, context, sessionId …). */
  readonly run?: Omit<RunCall, 'name' | 'args' | 'callId' | 'toolCallId' | 'signal'>;
  /** Also emit `text-delta` parts for assistant text (default false: text is ignored). */
  readonly textDeltas?: boolean;
  /** Limits for each call's argument parser. */
  readonly parser?: PartialJsonOptions;
  /** Clock for the timestamps (default `Date.now`). */
  readonly now?: () => number;
}

/** Turns provider stream chunks into tool-call parts and keeps the state of every call. */
export interface ToolCallAssembler {
  /** Read one chunk (a parsed JSON object); returns the parts it produced. Unknown chunks produce none. */
  push(chunk: unknown): readonly ToolCallPart[];
  /** The stream is over: calls with open arguments fail; resolves once every running call has settled. */
  end(): Promise<readonly ToolCallState[]>;
  /** Stop: open and unfinished calls fail as `aborted`, running calls see their signal abort. */
  abort(reason?: string): readonly ToolCallState[];
  /** Report the output of a call run elsewhere (e.g. by the UI); false if the call is unknown or finished. */
  complete(id: string, output: unknown): boolean;
  /** Report that a call run elsewhere failed; false if the call is unknown or finished. */
  fail(id: string, error: string | ToolCallError): boolean;
  /** A snapshot of every call, in the order they started. */
  calls(): readonly ToolCallState[];
  get(id: string): ToolCallState | undefined;
  /** The format of the last chunk that had one. */
  readonly format: StreamFormat | undefined;
}

/**
 * Create an assembler for one model turn (or one AG-UI run): it reads OpenAI Chat Completions, OpenAI
 * Responses, Anthropic Messages, Gemini, Gemini Interactions, Bedrock ConverseStream, Cohere v2 and AG-UI
 * chunks, and emits one `<noun>-<verb>` union of parts with partial arguments after every delta.
 */
export function createToolCallAssembler(options: ToolCallAssemblerOptions = {}): ToolCallAssembler {
  const { registry, onPart } = options;
  if (options.execute === true && !registry) {
    throw new AffordanceError(
      'invalid_option',
      'execute: true runs calls through registry.run: pass a registry, or an execute function',
    );
  }
  const readers = new Map<StreamFormat, WireReader>();
  const controller = new AbortController();
  let collected: ToolCallPart[] | undefined;
  let lastFormat: StreamFormat | undefined = options.format;
  let state: 'open' | 'ended' | 'aborted' = 'open';

  const emit = (part: ToolCallPart) => {
    collected?.push(part);
    onPart?.(part);
  };
  const runner = options.execute
    ? createCallRunner({
        registry,
        execute: options.execute,
        run: options.run,
        signal: controller.signal,
        settle: (id, outcome) => tracker.settle(id, outcome),
      })
    : undefined;
  const tracker: CallTracker = new CallTracker({
    parser: options.parser ?? {},
    now: options.now ?? Date.now,
    textDeltas: options.textDeltas === true,
    emit,
    check: registry ? (name, input) => checkToolInput(registry, name, input) : undefined,
    ready: (call) => runner?.schedule({ id: call.id, name: call.name, input: call.input! }),
  });

  const readerFor = (format: StreamFormat) => {
    let reader = readers.get(format);
    if (!reader) {
      reader = createWireReader(format);
      readers.set(format, reader);
    }
    return reader;
  };
  const capture = (work: () => void): ToolCallPart[] => {
    const parts: ToolCallPart[] = [];
    collected = parts;
    try {
      work();
    } finally {
      collected = undefined;
    }
    return parts;
  };

  return {
    get format() {
      return lastFormat;
    },
    push(chunk) {
      if (state === 'ended')
        throw new AffordanceError(
          'invalid_stream',
          'push() after end(): create a new assembler for the next turn',
        );
      if (state === 'aborted' || !isRecord(chunk)) return [];
      const format = options.format ?? detectStreamFormat(chunk) ?? lastFormat;
      if (!format) return [];
      lastFormat = format;
      return capture(() => {
        for (const event of readerFor(format).read(chunk)) tracker.apply(format, event);
      });
    },
    async end() {
      if (state === 'open') {
        state = 'ended';
        tracker.closeAll(
          {
            code: 'incomplete_input',
            message: 'the stream ended before the arguments of this call were complete',
          },
          false,
        );
      }
      await runner?.idle();
      return tracker.list();
    },
    abort(reason) {
      if (state === 'open') {
        state = 'aborted';
        controller.abort(reason);
        tracker.closeAll(
          {
            code: 'aborted',
            message: reason ? `the stream was aborted: ${reason}` : 'the stream was aborted',
          },
          true,
        );
      }
      return tracker.list();
    },
    complete: (id, output) => tracker.settle(id, { ok: true, output }),
    fail: (id, error) =>
      tracker.settle(id, {
        ok: false,
        error: typeof error === 'string' ? { code: 'handler_error', message: error } : error,
      }),
    calls: () => tracker.list(),
    get: (id) => tracker.get(id),
  };
}
