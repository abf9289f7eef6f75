import type { AgentResult, CallRecord } from './agent-events.js';
import type { ModelResponse, ModelToolCall } from './model-types.js';

/**
 * Port: where a run reports its spans (run → step → model request / tool call). `traceAgent()` of
 * `@affordance/core/tracing` writes OpenTelemetry spans with the GenAI conventions; without one nothing is traced.
 */
export interface AgentTelemetry {
  startRun(run: {
    readonly runId: string;
    readonly sessionId: string;
    readonly model: string;
    readonly protocol: 'native' | 'text';
    readonly resumedFrom?: string;
  }): RunTelemetry;
}

/** One run's span. */
export interface RunTelemetry {
  startStep(step: number): StepTelemetry;
  end(result: AgentResult): void;
  /** The run threw. */
  fail(error: unknown): void;
}

/** One step's span, parent of its model request and tool calls. */
export interface StepTelemetry {
  startModelRequest(
    model: string,
    offered: number,
  ): {
    end(response: ModelResponse): void;
    fail(error: unknown): void;
  };
  /** A tool call's span. */
  startToolCall(call: ModelToolCall, sessionId: string): ToolCallTelemetry;
  end(): void;
}

/** One tool call's span: the registry call runs `within` it, so that call (and its `ctx.run` calls) are children. */
export interface ToolCallTelemetry {
  within<T>(run: () => Promise<T>): Promise<T>;
  end(record: CallRecord): void;
}
