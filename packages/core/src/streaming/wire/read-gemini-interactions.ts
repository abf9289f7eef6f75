import { isRecord, text, type WireEvent, type WireReader } from './wire-event.js';

interface Step {
  readonly key: string;
  readonly prefilled: unknown;
  delivered: boolean;
}

/**
 * Reads Gemini Interactions API events: a `function_call` step opens at `step.start`, streams
 * `arguments_delta` text in `step.delta` and closes at `step.stop`; `interaction.completed` ends the turn.
 */
export function createGeminiInteractionsReader(): WireReader {
  const steps = new Map<number, Step>();
  let sequence = 0;
  return {
    read(event) {
      const events: WireEvent[] = [];
      const index = typeof event.index === 'number' ? event.index : -1;
      switch (event.event_type) {
        case 'step.start': {
          const step = isRecord(event.step) ? event.step : {};
          if (step.type !== 'function_call') break;
          const key = `step-${sequence++}`;
          steps.set(index, { key, prefilled: step.arguments, delivered: false });
          events.push({ kind: 'start', key, id: text(step.id), name: text(step.name) ?? '' });
          break;
        }
        case 'step.delta': {
          const delta = isRecord(event.delta) ? event.delta : {};
          if (delta.type === 'text' && text(delta.text))
            events.push({ kind: 'text', text: delta.text as string });
          if (delta.type !== 'arguments_delta') break;
          const step = steps.get(index);
          const args = typeof delta.arguments === 'string' ? delta.arguments : '';
          if (step && args !== '') step.delivered = true;
          if (args !== '')
            events.push({ kind: 'delta', key: step ? step.key : `step-at-${index}`, text: args });
          break;
        }
        case 'step.stop': {
          const step = steps.get(index);
          if (!step) break;
          if (!step.delivered) events.push({ kind: 'input', key: step.key, input: step.prefilled ?? {} });
          events.push({ kind: 'end', key: step.key });
          steps.delete(index);
          break;
        }
        case 'interaction.completed':
          steps.clear();
          events.push({ kind: 'finish' });
          break;
        case 'error': {
          const error = isRecord(event.error) ? event.error : {};
          events.push({ kind: 'finish', error: text(error.message) ?? 'the interaction failed' });
          break;
        }
      }
      return events;
    },
  };
}
