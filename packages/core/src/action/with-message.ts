const REPLY = Symbol.for('affordance.reply');

/** A handler's value with a short human message ("Color updated to #ff0000"), as `withMessage` makes it. */
export interface Reply<TValue> {
  readonly [REPLY]: true;
  readonly value: TValue;
  readonly message: string;
}

/** Return this from a handler to give the result a `message` besides its value. */
export function withMessage<TValue>(value: TValue, message: string): Reply<TValue> {
  return { [REPLY]: true, value, message };
}

/** Whether a handler returned `withMessage(...)`. */
export function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && (value as { [REPLY]?: unknown })[REPLY] === true;
}
