import {
  type Attributes,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { openToolCallSpan } from '../observe/span-parents.js';
import type { AgentTelemetry, RunTelemetry, StepTelemetry, ToolCallTelemetry } from './agent-telemetry.js';

/** Options of `traceAgent`. */
export interface TraceAgentOptions {
  /** The tracer to write with (default: `@affordance/core`'s from the globally registered provider). */
  readonly tracer?: Tracer;
  /** `gen_ai.agent.name` (default `affordance`). */
  readonly agentName?: string;
}

/**
 * OpenTelemetry spans for agent runs with the GenAI semantic conventions: `invoke_agent` per run, a `step <n>` span
 * per step, `chat <model>` per model request (model, finish reasons, token usage) and `execute_tool <name>` per tool
 * call, each the child of the one before; with `traceCalls()` on the registry, the registry call and its nested
 * `ctx.run` calls hang below the tool call. Pass it as `runAgent({ telemetry: traceAgent() })`.
 */
export function traceAgent(options: TraceAgentOptions = {}): AgentTelemetry {
  const tracerOf = () => options.tracer ?? trace.getTracer('@affordance/core');
  const agentName = options.agentName ?? 'affordance';
  return {
    startRun(run) {
      const tracer = tracerOf();
      const span = tracer.startSpan(`invoke_agent ${agentName}`, {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': agentName,
          'gen_ai.conversation.id': run.sessionId,
          ...modelAttributes(run.model),
          'affordance.run_id': run.runId,
          'affordance.protocol': run.protocol,
          ...(run.resumedFrom ? { 'affordance.resumed_from': run.resumedFrom } : {}),
        },
      });
      const usage = { input: 0, output: 0 };
      const runContext = trace.setSpan(context.active(), span);
      return {
        startStep: (step) => stepSpans(tracer, runContext, step, usage),
        end(result: Parameters<RunTelemetry['end']>[0]) {
          span.setAttributes({
            'affordance.status': result.status,
            'affordance.steps': result.steps,
            'gen_ai.usage.input_tokens': usage.input,
            'gen_ai.usage.output_tokens': usage.output,
          });
          if (
            result.status !== 'done' &&
            result.status !== 'interrupted' &&
            result.status !== 'awaiting_client'
          ) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: result.status });
          }
          span.end();
        },
        fail: (error) => failed(span, error),
      };
    },
  };
}

function stepSpans(
  tracer: Tracer,
  runContext: ReturnType<typeof context.active>,
  step: number,
  usage: { input: number; output: number },
): StepTelemetry {
  const span = tracer.startSpan(`step ${step}`, { attributes: { 'affordance.step': step } }, runContext);
  const stepContext = trace.setSpan(runContext, span);
  return {
    startModelRequest(model, offered) {
      const attributes = modelAttributes(model);
      const chat = tracer.startSpan(
        `chat ${attributes['gen_ai.request.model']}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'gen_ai.operation.name': 'chat', ...attributes, 'affordance.offered_tools': offered },
        },
        stepContext,
      );
      return {
        end(response) {
          const input = response.usage?.inputTokens;
          const output = response.usage?.outputTokens;
          chat.setAttribute('gen_ai.response.finish_reasons', [response.finishReason]);
          if (input !== undefined) {
            chat.setAttribute('gen_ai.usage.input_tokens', input);
            usage.input += input;
          }
          if (output !== undefined) {
            chat.setAttribute('gen_ai.usage.output_tokens', output);
            usage.output += output;
          }
          chat.end();
        },
        fail: (error) => failed(chat, error),
      };
    },
    startToolCall(call, sessionId) {
      const tool = tracer.startSpan(
        `execute_tool ${call.name}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': call.name,
            'gen_ai.tool.call.id': call.id,
            'gen_ai.tool.type': 'function',
          },
        },
        stepContext,
      );
      const forget = openToolCallSpan(sessionId, call.id, tool);
      return {
        within: (run) => context.with(trace.setSpan(stepContext, tool), run),
        end(record: Parameters<ToolCallTelemetry['end']>[0]) {
          forget();
          tool.setAttribute('affordance.call_status', record.status);
          if (record.status === 'failed') {
            const code = record.result && !record.result.ok ? record.result.error.code : 'failed';
            tool.setAttribute('error.type', code);
            tool.setStatus({ code: SpanStatusCode.ERROR, message: code });
          }
          tool.end();
        },
      };
    },
    end: () => span.end(),
  };
}

// `provider:model` ids give `gen_ai.provider.name` and `gen_ai.request.model`.
function modelAttributes(id: string): Attributes & { 'gen_ai.request.model': string } {
  const at = id.indexOf(':');
  return at > 0
    ? { 'gen_ai.provider.name': id.slice(0, at), 'gen_ai.request.model': id.slice(at + 1) }
    : { 'gen_ai.request.model': id };
}

function failed(span: Span, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  span.recordException(error instanceof Error ? error : message);
  span.setAttribute('error.type', error instanceof Error ? error.name : 'error');
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.end();
}
