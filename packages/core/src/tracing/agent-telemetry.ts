import type { RunResult } from '../action/types.js';

// The port is written with the few fields it reads, so it sits below the agent layer that implements the loop.

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
  /** The run ended (`AgentResult`: its `status` and `steps`). */
  end(result: { readonly status: string; readonly steps: number }): void;
  /** The run threw. */
  fail(error: unknown): void;
}

/** One step's span, parent of its model request and tool calls. */
export interface StepTelemetry {
  startModelRequest(
    model: string,
    offered: number,
  ): {
    end(response: {
      readonly finishReason: string;
      readonly usage?: { readonly inputTokens?: number; readonly outputTokens?: number };
    }): void;
    fail(error: unknown): void;
  };
  /** A tool call's span. */
  startToolCall(call: { readonly id: string; readonly name: string }, sessionId: string): ToolCallTelemetry;
  end(): void;
}

/** One tool call's span: the registry call runs `within` it, so that call (and its `ctx.run` calls) are children. */
export interface ToolCallTelemetry {
  within<T>(run: () => Promise<T>): Promise<T>;
  /** The call ended (`CallRecord`: `ok`, `failed`, `aborted` or `pending`, and the registry's result). */
  end(record: { readonly status: string; readonly result?: RunResult }): void;
}
