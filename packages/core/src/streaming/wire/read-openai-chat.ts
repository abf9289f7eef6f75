import { isRecord, text, type WireEvent, type WireReader } from './wire-event.js';

interface Slot {
  readonly key: string;
  readonly id: string | undefined;
}

/**
 * Reads OpenAI Chat Completions chunks (and the many compatible APIs): `choices[].delta.tool_calls[]` grouped
 * by `index` (or position when a provider leaves it out). A new id on a used index starts a new call; the
 * input of a call ends when its JSON text is complete, or at the choice's `finish_reason`.
 */
export function createOpenAIChatReader(): WireReader {
  const slots = new Map<string, Slot>();
  let sequence = 0;
  return {
    read(chunk) {
      const events: WireEvent[] = [];
      const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
      for (const choice of choices) {
        if (!isRecord(choice)) continue;
        const choiceIndex = typeof choice.index === 'number' ? choice.index : 0;
        const delta = isRecord(choice.delta)
          ? choice.delta
          : isRecord(choice.message)
            ? choice.message
            : undefined;
        if (delta) {
          const content = text(delta.content);
          if (content) events.push({ kind: 'text', text: content });
          const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
          calls.forEach((call, position) => {
            if (!isRecord(call)) return;
            const slotName = `${choiceIndex}:${typeof call.index === 'number' ? call.index : position}`;
            const fn = isRecord(call.function) ? call.function : {};
            const id = text(call.id);
            const name = text(fn.name);
            let slot = slots.get(slotName);
            if (slot && id && slot.id && id !== slot.id) {
              events.push({ kind: 'end', key: slot.key });
              slot = undefined;
            }
            if (!slot && name) {
              slot = { key: `${slotName}#${sequence++}`, id };
              slots.set(slotName, slot);
              events.push({ kind: 'start', key: slot.key, id, name, endsWhenComplete: true });
            }
            const args =
              typeof fn.arguments === 'string'
                ? fn.arguments
                : isRecord(fn.arguments)
                  ? JSON.stringify(fn.arguments)
                  : '';
            // Arguments for an index no call has started on go out under the index: the assembler reports them.
            if (args !== '') events.push({ kind: 'delta', key: slot ? slot.key : slotName, text: args });
          });
        }
        if (text(choice.finish_reason)) {
          for (const [slotName, slot] of slots) {
            if (!slotName.startsWith(`${choiceIndex}:`)) continue;
            events.push({ kind: 'end', key: slot.key });
            slots.delete(slotName);
          }
        }
      }
      return events;
    },
  };
}
