// `@affordance/core/tracing`: OpenTelemetry spans for registry calls and agent runs, kept out of the kernel so a
// bundle that does not trace carries no `@opentelemetry/api`.

export type { CallObserver, CallWatcher, ObservedCall } from '../observe/call-observer.js';
export { traceCalls } from '../observe/trace-calls.js';
export type {
  AgentTelemetry,
  RunTelemetry,
  StepTelemetry,
  ToolCallTelemetry,
} from './agent-telemetry.js';
export { type TraceAgentOptions, traceAgent } from './trace-agent.js';
