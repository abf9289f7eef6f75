import { parseJsonPath } from '../json-path.js';
import { isRecord, text, type WireEvent, type WireReader } from './wire-event.js';

interface OpenCall {
  readonly key: string;
  /** Paths whose string value continues in the next partial argument. */
  readonly continuing: Set<string>;
}

function partialValue(argument: Readonly<Record<string, unknown>>): { value: unknown } | undefined {
  if (typeof argument.stringValue === 'string') return { value: argument.stringValue };
  if (typeof argument.numberValue === 'number') return { value: argument.numberValue };
  if (typeof argument.boolValue === 'boolean') return { value: argument.boolValue };
  if ('nullValue' in argument) return { value: null };
  return undefined;
}

/**
 * Reads Gemini `generateContent` stream chunks: `functionCall` parts arrive whole (`args`), or — with
 * streamed function-call arguments — as a named part with `willContinue`, then `partialArgs` values at JSON
 * paths, ending with a part that does not continue.
 */
export function createGeminiReader(): WireReader {
  let open: OpenCall | undefined;
  let sequence = 0;

  const applyPartials = (events: WireEvent[], key: string, partials: readonly unknown[]) => {
    for (const argument of partials) {
      if (!isRecord(argument)) continue;
      const jsonPath = typeof argument.jsonPath === 'string' ? argument.jsonPath : '';
      const path = parseJsonPath(jsonPath);
      const found = partialValue(argument);
      if (!path || !found) {
        events.push({ kind: 'invalid', key, message: `cannot use the partial argument at '${jsonPath}'` });
        continue;
      }
      const append = typeof found.value === 'string' && open !== undefined && open.continuing.has(jsonPath);
      if (open && typeof found.value === 'string') {
        if (argument.willContinue === true) open.continuing.add(jsonPath);
        else open.continuing.delete(jsonPath);
      }
      events.push({ kind: 'path', key, path, value: found.value, append });
    }
  };

  const readCall = (events: WireEvent[], call: Readonly<Record<string, unknown>>) => {
    const name = text(call.name);
    const partials = Array.isArray(call.partialArgs) ? call.partialArgs : undefined;
    const continues = call.willContinue === true;
    if (name && open) {
      events.push({ kind: 'end', key: open.key });
      open = undefined;
    }
    if (name && !continues && !partials) {
      const key = `call-${sequence++}`;
      events.push(
        { kind: 'start', key, id: text(call.id), name },
        { kind: 'input', key, input: call.args ?? {} },
        { kind: 'end', key },
      );
      return;
    }
    if (name) {
      open = { key: `call-${sequence++}`, continuing: new Set() };
      events.push({ kind: 'start', key: open.key, id: text(call.id), name });
    }
    if (partials) applyPartials(events, open ? open.key : 'partial-args', partials);
    if (open && !continues && (partials || !name)) {
      events.push({ kind: 'end', key: open.key });
      open = undefined;
    }
  };

  return {
    read(chunk) {
      const events: WireEvent[] = [];
      const candidates = Array.isArray(chunk.candidates) ? chunk.candidates : [];
      for (const candidate of candidates) {
        if (!isRecord(candidate)) continue;
        const parts =
          isRecord(candidate.content) && Array.isArray(candidate.content.parts)
            ? candidate.content.parts
            : [];
        for (const part of parts) {
          if (!isRecord(part)) continue;
          if (isRecord(part.functionCall)) readCall(events, part.functionCall);
          else if (text(part.text) && part.thought !== true)
            events.push({ kind: 'text', text: part.text as string });
        }
        if (text(candidate.finishReason)) {
          open = undefined;
          events.push({ kind: 'finish' });
        }
      }
      return events;
    },
  };
}
