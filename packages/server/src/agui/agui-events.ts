import type { AgentEvent, ModelToolCall } from '@affordance/core/agent';
import { type AGUIEvent, TOOL_PROGRESS_ACTIVITY } from '@affordance/core/streaming';

/** Turns `runAgent` events into AG-UI events, and remembers the message id it gave each step. */
export interface AguiTranslator {
  translate(event: AgentEvent): AGUIEvent[];
  /** The AG-UI id of a step's assistant message. */
  messageIdOf(step: number): string | undefined;
  /** Client tool calls handed over, in order. */
  readonly pending: readonly string[];
}

/**
 * Create a translator: each step is an AG-UI step whose assistant message streams its text, then each server call
 * as TOOL_CALL_START/ARGS/END and TOOL_CALL_RESULT, and each client call as START/ARGS/END without a result.
 */
export function createAguiTranslator(
  newId: () => string = () => crypto.randomUUID(),
  /** Tool calls a resumed run answers: started by the run that paused, their results come in this one. */
  resumed: ReadonlySet<string> = new Set(),
): AguiTranslator {
  const messageIds = new Map<number, string>();
  const started = new Set<string>();
  const pending: string[] = [];
  let text: string | undefined;
  const messageOf = (step: number) => {
    let id = messageIds.get(step);
    if (!id) {
      id = `msg_${newId()}`;
      messageIds.set(step, id);
    }
    return id;
  };
  const closeText = (): AGUIEvent[] => {
    if (text === undefined) return [];
    const end: AGUIEvent = { type: 'TEXT_MESSAGE_END', messageId: text };
    text = undefined;
    return [end];
  };
  const toolCall = (step: number, call: ModelToolCall): AGUIEvent[] => {
    started.add(call.id);
    const args = 'args' in call ? JSON.stringify(call.args) : call.argsText;
    return [
      ...closeText(),
      {
        type: 'TOOL_CALL_START',
        toolCallId: call.id,
        toolCallName: call.name,
        parentMessageId: messageOf(step),
      },
      ...(args ? [{ type: 'TOOL_CALL_ARGS' as const, toolCallId: call.id, delta: args }] : []),
      { type: 'TOOL_CALL_END', toolCallId: call.id },
    ];
  };
  return {
    pending,
    messageIdOf: (step) => messageIds.get(step),
    translate(event) {
      switch (event.type) {
        case 'run-start':
        case 'attempt-finish':
        case 'run-finish':
        case 'lease-error':
          return [];
        case 'step-start':
          return [{ type: 'STEP_STARTED', stepName: `step ${event.step}` }];
        case 'text-delta': {
          if (event.delta === '') return [];
          const messageId = messageOf(event.step);
          const start: AGUIEvent[] =
            text === undefined ? [{ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }] : [];
          text = messageId;
          return [...start, { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: event.delta }];
        }
        case 'call-start':
          return toolCall(event.step, event.call);
        case 'call-finish':
          // A call waiting for approval stays open; its result comes in the run that resumes it.
          if (event.call.status === 'pending') return [];
          if (!started.has(event.call.callId) && !resumed.has(event.call.callId)) return [];
          return [
            {
              type: 'TOOL_CALL_RESULT',
              messageId: `result_${event.call.callId}`,
              toolCallId: event.call.callId,
              content: event.call.output,
              role: 'tool',
            },
          ];
        case 'call-progress':
          // An activity message per call, replaced on every report: @ag-ui/client keeps it out of the next input.
          return [
            {
              type: 'ACTIVITY_SNAPSHOT',
              messageId: `progress_${event.callId}`,
              activityType: TOOL_PROGRESS_ACTIVITY,
              content: { toolCallId: event.callId, name: event.name, ...event.progress },
            },
          ];
        case 'client-call':
          pending.push(event.call.id);
          return toolCall(event.step, event.call);
        case 'step-finish':
          // The rest of a paused step: only its results, which `call-finish` already sent.
          if (event.step.status === 'resumed') return [];
          return [...closeText(), { type: 'STEP_FINISHED', stepName: `step ${event.step.step}` }];
        default: {
          const never: never = event;
          return never;
        }
      }
    },
  };
}
