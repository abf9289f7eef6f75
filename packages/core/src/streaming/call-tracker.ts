import type { RunResult } from '../action/types.js';
import { newId } from '../util/new-id.js';
import { setAtPath } from './json-path.js';
import { PartialJsonError } from './partial-json-error.js';
import {
  createPartialJsonParser,
  type JsonValue,
  type PartialJsonOptions,
  type PartialJsonParser,
} from './partial-json-parser.js';
import type { ToolCallError, ToolCallPart, ToolCallState, ToolStreamErrorCode } from './tool-call-parts.js';
import type { StreamFormat, WireEvent } from './wire/wire-event.js';

/** How a finished call's run (or the stream's result for it) came out. */
export type CallOutcome =
  | { readonly ok: true; readonly output: unknown; readonly result?: RunResult }
  | { readonly ok: false; readonly error: ToolCallError; readonly result?: RunResult };

/** What the tracker needs from the assembler. */
export interface TrackerHooks {
  readonly parser: PartialJsonOptions;
  readonly now: () => number;
  readonly textDeltas: boolean;
  readonly emit: (part: ToolCallPart) => void;
  /** Check finished arguments; an error fails the call. */
  readonly check: ((name: string, input: JsonValue) => ToolCallError | undefined) | undefined;
  /** A call's arguments are complete and valid, and it is not the provider's to run. */
  readonly ready: (state: ToolCallState) => void;
}

interface CallRecord {
  state: ToolCallState;
  readonly key: string;
  readonly endsWhenComplete: boolean;
  inputOpen: boolean;
  mode: 'none' | 'text' | 'value';
  parser: PartialJsonParser | undefined;
  value: JsonValue | undefined;
}

const WHITESPACE = /^[ \t\r\n]*$/;

function streamError(
  code: ToolStreamErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ToolCallError {
  return details ? { code, message, details } : { code, message };
}

/** Follows every call of one stream through its lifecycle and emits its parts. */
export class CallTracker {
  private readonly byId = new Map<string, CallRecord>();
  private readonly byKey = new Map<string, CallRecord>();
  private readonly reported = new Set<string>();

  constructor(private readonly hooks: TrackerHooks) {}

  list(): ToolCallState[] {
    return [...this.byId.values()].map((record) => record.state);
  }

  get(id: string): ToolCallState | undefined {
    return this.byId.get(id)?.state;
  }

  /** Apply one wire event of a stream in `format`. */
  apply(format: StreamFormat, event: WireEvent): void {
    switch (event.kind) {
      case 'start':
        this.start(format, event);
        break;
      case 'delta':
        this.withCall(format, event.key, (record) => this.delta(record, event.text));
        break;
      case 'input':
        this.withCall(format, event.key, (record) => this.value(record, () => event.input as JsonValue));
        break;
      case 'path':
        this.withCall(format, event.key, (record) =>
          this.value(record, (current) =>
            setAtPath(current, event.path, event.value as JsonValue, event.append),
          ),
        );
        break;
      case 'end':
        this.withCall(format, event.key, (record) => {
          if (record.inputOpen) this.endInput(record);
        });
        break;
      case 'result':
        this.result(event);
        break;
      case 'finish':
        for (const record of this.byId.values()) {
          if (record.state.format !== format || !record.inputOpen) continue;
          if (!event.error) this.endInput(record);
          else {
            const message = `the stream failed before the arguments were complete: ${event.error}`;
            this.closeOpen(record, { code: 'aborted', message });
          }
        }
        break;
      case 'text':
        if (this.hooks.textDeltas) this.hooks.emit({ type: 'text-delta', delta: event.text });
        break;
      case 'invalid':
        this.withCall(format, event.key, (record) =>
          this.fail(record, streamError('invalid_event', event.message)),
        );
        break;
      default: {
        const unreachable: never = event;
        throw new TypeError(`unknown wire event ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** Record the outcome of a finished call; ignored once the call is complete or failed. */
  settle(id: string, outcome: CallOutcome): boolean {
    const record = this.byId.get(id);
    if (!record || record.state.status === 'complete' || record.state.status === 'failed') return false;
    record.inputOpen = false;
    const { name } = record.state;
    const result = outcome.result ? { result: outcome.result } : {};
    if (!outcome.ok) {
      this.fail(record, outcome.error, result);
      return true;
    }
    this.update(record, {
      status: 'complete',
      output: outcome.output,
      ...result,
      finishedAt: this.hooks.now(),
    });
    this.hooks.emit({
      type: 'tool-result',
      id,
      name,
      output: outcome.output,
      ...result,
      ...(record.state.providerExecuted ? { providerExecuted: true } : {}),
    });
    return true;
  }

  /** Fail every call whose arguments are still open (and, when `all`, every call not yet finished). */
  closeAll(error: ToolCallError, all: boolean): void {
    for (const record of this.byId.values()) {
      if (record.inputOpen) this.closeOpen(record, error);
      else if (all && record.state.status !== 'complete' && record.state.status !== 'failed')
        this.fail(record, error);
    }
  }

  private result(event: Extract<WireEvent, { kind: 'result' }>): void {
    if (!this.byId.has(event.id)) {
      const message = `a result arrived for tool call ${event.id}, which this stream never started`;
      this.unknown(event.id, message, { output: event.output });
      return;
    }
    if (!event.isError) {
      this.settle(event.id, { ok: true, output: event.output });
      return;
    }
    const message =
      (typeof event.output === 'string' ? event.output : JSON.stringify(event.output)) ?? 'the tool failed';
    this.settle(event.id, {
      ok: false,
      error: { code: 'handler_error', message, details: { output: event.output } },
    });
  }

  private start(format: StreamFormat, event: Extract<WireEvent, { kind: 'start' }>): void {
    const key = `${format}\u0000${event.key}`;
    const id = event.id ?? newId('call');
    if (this.byKey.has(key) || this.byId.has(id)) {
      this.hooks.emit({
        type: 'tool-error',
        id,
        name: event.name,
        error: streamError(
          'duplicate_call',
          `tool call ${id} was started twice; the second start is ignored`,
        ),
      });
      return;
    }
    const providerExecuted = event.providerExecuted === true;
    const state: ToolCallState = {
      id,
      name: event.name,
      status: 'pending',
      format,
      providerExecuted,
      inputText: '',
      partialInput: undefined,
      startedAt: this.hooks.now(),
    };
    const record: CallRecord = {
      state,
      key,
      endsWhenComplete: event.endsWhenComplete === true,
      inputOpen: true,
      mode: 'none',
      parser: undefined,
      value: undefined,
    };
    this.byId.set(id, record);
    this.byKey.set(key, record);
    this.hooks.emit({
      type: 'tool-input-start',
      id,
      name: event.name,
      ...(providerExecuted ? { providerExecuted } : {}),
    });
  }

  private withCall(format: StreamFormat, key: string, apply: (record: CallRecord) => void): void {
    const record = this.byKey.get(`${format}\u0000${key}`);
    if (!record) this.unknown(key, `an event refers to tool call ${key}, which this stream never started`);
    else if (record.state.status !== 'failed') apply(record);
  }

  /** An error part about a call whose input has already ended; the call itself is left as it is. */
  private late(record: CallRecord, text?: string): void {
    const { id, name } = record.state;
    const message = `arguments for tool call ${id} arrived after its input had ended`;
    this.hooks.emit({
      type: 'tool-error',
      id,
      name,
      error: streamError('out_of_order', message, text === undefined ? undefined : { text }),
    });
  }

  private delta(record: CallRecord, text: string): void {
    if (!record.inputOpen) {
      if (!WHITESPACE.test(text)) this.late(record, text);
      return;
    }
    if (record.mode === 'value') {
      this.fail(record, streamError('invalid_event', 'argument text arrived after argument values'));
      return;
    }
    record.mode = 'text';
    record.parser ??= createPartialJsonParser(this.hooks.parser);
    try {
      record.parser.write(text);
    } catch (error) {
      if (!PartialJsonError.isInstance(error)) throw error;
      this.fail(record, this.jsonError(record, error));
      return;
    }
    const partial = record.parser.value();
    this.update(record, { inputText: record.state.inputText + text, partialInput: partial });
    this.hooks.emit({ type: 'tool-input-delta', id: record.state.id, delta: text, partial });
    if (record.endsWhenComplete && record.parser.status === 'complete') this.endInput(record);
  }

  private value(record: CallRecord, next: (current: JsonValue | undefined) => JsonValue): void {
    if (!record.inputOpen) {
      this.late(record);
      return;
    }
    if (record.mode === 'text') return; // the text already carries the arguments
    record.mode = 'value';
    try {
      record.value = next(record.value);
    } catch (error) {
      const message = `a partial argument does not fit the arguments so far: ${(error as Error).message}`;
      this.fail(record, streamError('invalid_event', message));
      return;
    }
    this.update(record, { partialInput: record.value });
    this.hooks.emit({ type: 'tool-input-delta', id: record.state.id, delta: '', partial: record.value });
  }

  /** The final arguments: parsed text, the values received, or `{}` when nothing came. */
  private finalInput(record: CallRecord): JsonValue | PartialJsonError {
    if (record.mode !== 'text' || !record.parser || record.parser.status === 'empty')
      return record.value ?? {};
    try {
      return record.parser.end();
    } catch (error) {
      if (PartialJsonError.isInstance(error)) return error;
      throw error;
    }
  }

  private endInput(record: CallRecord): void {
    record.inputOpen = false;
    const { id, name, providerExecuted } = record.state;
    this.hooks.emit({ type: 'tool-input-end', id });
    const input = this.finalInput(record);
    if (PartialJsonError.isInstance(input)) {
      this.fail(record, this.jsonError(record, input));
      return;
    }
    this.update(record, { input, partialInput: input, inputEndedAt: this.hooks.now() });
    const invalid = providerExecuted ? undefined : this.hooks.check?.(name, input);
    if (invalid) {
      this.fail(record, invalid);
      return;
    }
    this.update(record, { status: 'executing' });
    this.hooks.emit({
      type: 'tool-call',
      id,
      name,
      input,
      ...(providerExecuted ? { providerExecuted } : {}),
    });
    if (!providerExecuted) this.hooks.ready(record.state);
  }

  private closeOpen(record: CallRecord, error: ToolCallError): void {
    record.inputOpen = false;
    this.hooks.emit({ type: 'tool-input-end', id: record.state.id });
    this.fail(record, error);
  }

  private jsonError(record: CallRecord, error: PartialJsonError): ToolCallError {
    const { id, name } = record.state;
    const details = {
      offset: error.offset,
      line: error.line,
      column: error.column,
      ...(error.expected ? { expected: error.expected } : {}),
    };
    if (error.code === 'unexpected_end') {
      return {
        code: 'incomplete_input',
        message: `the arguments of ${name} (${id}) ended before the JSON was complete: ${error.message}`,
        details,
      };
    }
    return {
      code: 'invalid_json',
      message: `the arguments of ${name} (${id}) are not valid JSON: ${error.message}`,
      details,
      hint: 'send one JSON object, e.g. {"name": "value"}',
    };
  }

  private fail(record: CallRecord, error: ToolCallError, extra: { result?: RunResult } = {}): void {
    record.inputOpen = false;
    this.update(record, { status: 'failed', error, ...extra, finishedAt: this.hooks.now() });
    const { id, name, input } = record.state;
    this.hooks.emit({
      type: 'tool-error',
      id,
      name,
      error,
      ...(input === undefined ? {} : { input }),
      ...extra,
    });
  }

  private unknown(id: string, message: string, details?: Record<string, unknown>): void {
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.hooks.emit({
      type: 'tool-error',
      id,
      name: undefined,
      error: streamError('unknown_call', message, details),
    });
  }

  private update(record: CallRecord, patch: Partial<ToolCallState>): void {
    record.state = { ...record.state, ...patch };
  }
}
