/**
 * The core benchmark's "hand-written" contenders: the duties of the measured `registry.run` call written out
 * inline for one action, as an application would without Affordance — a plain-data copy of the arguments, ajv
 * validation, the target lookup, the role and `when` checks, a rate-limit counter on rate-limiter-flexible's memory
 * store, the handler, the model's text (JSON), and an audit record with ISO timestamps and the duration kept in a
 * capped in-memory log. No generality: no step list, no ports, no events, no error table. `createHandWrittenCall`
 * is that code written the straightforward way; `createLeanCall` is the same work tuned by hand (no rest spread, no
 * Date objects, the timestamp text reused within a millisecond): the floor for this work on this machine, below
 * which no pipeline doing it can go.
 */
import { Ajv } from 'ajv';
import MemoryStorage from 'rate-limiter-flexible/lib/component/MemoryStorage/MemoryStorage.js';

interface Shape {
  readonly id: string;
  readonly type: string;
  readonly locked: boolean;
}

/** What both contenders are built from: the action's schema, the shapes, and the handler. */
interface HandWrittenOptions {
  readonly schema: object;
  readonly shapes: ReadonlyMap<string, Shape>;
  readonly handler: (input: { color: string }) => Promise<unknown>;
}

type HandWrittenCall = (
  args: Record<string, unknown>,
  user: { id: string; roles: string[] },
) => Promise<unknown>;

/** A call function doing the same work as the benchmark's `shape_updateColor` through `registry.run`. */
export function createHandWrittenCall(options: HandWrittenOptions): HandWrittenCall {
  const validate = new Ajv({ allErrors: true }).compile(options.schema);
  const counters = new MemoryStorage();
  const audit: object[] = [];
  let calls = 0;
  return async (args, user) => {
    const started = performance.now();
    const startedAt = Date.now();
    const callId = `call_${++calls}`;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(args)) {
      const value = args[key];
      if (key === '__proto__' || (typeof value === 'object' && value !== null)) return { ok: false };
      copy[key] = value;
    }
    const { blockId, ...input } = copy;
    if (!validate(input)) return { ok: false, errors: validate.errors };
    const target = options.shapes.get(String(blockId));
    if (target?.type !== 'shape') return { ok: false, error: 'target_not_found' };
    if (!user.roles.includes('editor')) return { ok: false, error: 'forbidden' };
    if (target.locked) return { ok: false, error: 'unavailable' };
    if (counters.incrby(`updateColor:${user.id}`, 1, 3600).consumedPoints > 1e12)
      return { ok: false, error: 'rate_limited' };
    const value = await options.handler(input as { color: string });
    const durationMs = performance.now() - started;
    audit.push({
      callId,
      name: 'shape_updateColor',
      userId: user.id,
      target: { type: target.type, id: target.id },
      args: copy,
      outcome: 'ok',
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(startedAt + durationMs).toISOString(),
      durationMs,
    });
    if (audit.length > 1_100) audit.splice(0, 100);
    return { ok: true, value, callId, durationMs, modelOutput: JSON.stringify(value) };
  };
}

/** The same duties as `createHandWrittenCall`, tuned: what the work itself costs at least. */
export function createLeanCall(options: HandWrittenOptions): HandWrittenCall {
  const validate = new Ajv({ allErrors: true }).compile(options.schema);
  const counters = new MemoryStorage();
  const audit: object[] = [];
  const offset = Date.now() - performance.now();
  let lastMs = -1;
  let lastText = '';
  const iso = (ms: number) => {
    const whole = Math.floor(ms);
    if (whole !== lastMs) {
      lastMs = whole;
      lastText = new Date(whole).toISOString();
    }
    return lastText;
  };
  let calls = 0;
  return async (args, user) => {
    const started = performance.now();
    const callId = `call_${++calls}`;
    const copy: Record<string, unknown> = {};
    const input: Record<string, unknown> = {};
    const keys = Object.keys(args);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const value = args[key];
      if (key === '__proto__' || (typeof value === 'object' && value !== null)) return { ok: false };
      copy[key] = value;
      if (key !== 'blockId') input[key] = value;
    }
    if (!validate(input)) return { ok: false, errors: validate.errors };
    const target = options.shapes.get(copy.blockId as string);
    if (target?.type !== 'shape') return { ok: false, error: 'target_not_found' };
    if (!user.roles.includes('editor')) return { ok: false, error: 'forbidden' };
    if (target.locked) return { ok: false, error: 'unavailable' };
    if (counters.incrby(user.id, 1, 3600).consumedPoints > 1e12) return { ok: false, error: 'rate_limited' };
    const value = await options.handler(input as { color: string });
    const durationMs = performance.now() - started;
    const startedMs = offset + started;
    audit.push({
      callId,
      name: 'shape_updateColor',
      userId: user.id,
      target: { type: target.type, id: target.id },
      args: copy,
      outcome: 'ok',
      startedAt: iso(startedMs),
      endedAt: iso(startedMs + durationMs),
      durationMs,
    });
    if (audit.length > 1_100) audit.splice(0, 100);
    return { ok: true, value, callId, durationMs, modelOutput: JSON.stringify(value) };
  };
}
