import type { RunResult } from '../action/types.js';
import type { CallObserver, CallWatcher, ObservedCall } from './call-observer.js';
import type { Emitter } from './emitter.js';
import type { RegistryEvents } from './events.js';

const observerOf = new WeakMap<Emitter<RegistryEvents>, CallObserver>();

/**
 * Keep the observer of `events` among `observers` exactly while someone listens to `call-start`, `call-step` or
 * `call-end` (call it whenever a listener of `type` comes or goes): a call no one watches then asks no one.
 */
export function followCallEvents(
  events: Emitter<RegistryEvents>,
  observers: CallObserver[],
  type: keyof RegistryEvents,
): void {
  if (type !== 'call-start' && type !== 'call-step' && type !== 'call-end') return;
  let observer = observerOf.get(events);
  if (!observer) {
    observer = createEventObserver(events);
    observerOf.set(events, observer);
  }
  const listening = events.has('call-start') || events.has('call-step') || events.has('call-end');
  const at = observers.indexOf(observer);
  if (listening && at < 0) observers.unshift(observer);
  else if (!listening && at >= 0) observers.splice(at, 1);
}

/**
 * The observer behind `registry.on`: `call-start` as a call begins, `call-step` for every step of `PIPELINE` (a
 * call with such listeners runs them all), `call-end` with the result. A call no one listens to is not watched.
 */
export function createEventObserver(events: Emitter<RegistryEvents>): CallObserver {
  return {
    start(call) {
      if (events.has('call-start')) {
        events.emit('call-start', {
          callId: call.callId,
          toolCallId: call.toolCallId,
          name: call.name,
          user: call.user,
          sessionId: call.call.sessionId,
          depth: call.depth,
          parentCallId: call.parentCallId,
        });
      }
      const everyStep = events.has('call-step');
      if (!everyStep && !events.has('call-end')) return undefined;
      return new EventWatcher(events, call, everyStep);
    },
  };
}

class EventWatcher implements CallWatcher {
  constructor(
    private readonly events: Emitter<RegistryEvents>,
    private readonly call: ObservedCall,
    readonly everyStep: boolean,
  ) {}

  step(name: string, outcome: string, durationMs: number): void {
    this.events.emit('call-step', { callId: this.call.callId, step: name, outcome, durationMs });
  }

  end(result: RunResult): void {
    const { call } = this;
    this.events.emit('call-end', { callId: call.callId, result, target: call.target, depth: call.depth });
  }
}
