import type { Logger } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import { silentLogger } from '../observe/logger.js';
import { createLogHandler } from './log-handler.js';
import type {
  DetectedAction,
  DetectedActionHandler,
  DetectedActionResult,
  ExecutionErrorCode,
} from './types.js';

/** Options of `createActionExecutor`. */
export interface ActionExecutorOptions {
  /** Action type → handler name (`builtin:log`, or a name in `named`) or a handler function. */
  readonly handlers: Readonly<Record<string, string | DetectedActionHandler>>;
  /** Handlers by name: built-ins set up with `builtinHandlers(…)` and custom ones. `builtin:log` is always there. */
  readonly named?: Readonly<Record<string, DetectedActionHandler | undefined>>;
  /** Where `builtin:log` writes and handlers log (default: silent). */
  readonly logger?: Logger;
}

/** Runs detected actions through their handlers. */
export interface ActionExecutor {
  /** One result per action, in order; actions run one after another and a failing handler never stops the others. */
  execute(
    actions: readonly DetectedAction[],
    options?: { readonly signal?: AbortSignal },
  ): Promise<DetectedActionResult[]>;
  /** Register a handler by name (for `handlers` routes that name it); returns a function that removes it. */
  register(name: string, handler: DetectedActionHandler): () => void;
}

/** Create an executor that routes each detected action by type to its handler and turns every failure into data. */
export function createActionExecutor(options: ActionExecutorOptions): ActionExecutor {
  const logger = options.logger ?? silentLogger;
  const named = new Map<string, DetectedActionHandler>([['builtin:log', createLogHandler({ logger })]]);
  for (const [name, handler] of Object.entries(options.named ?? {})) if (handler) named.set(name, handler);
  const routes = { ...options.handlers };
  for (const [type, route] of Object.entries(routes)) {
    if (typeof route !== 'string' && typeof route !== 'function') {
      throw new AffordanceError(
        'invalid_option',
        `createActionExecutor: the handler of ${JSON.stringify(type)} must be a name or a function`,
      );
    }
  }

  const runOne = async (action: DetectedAction, signal: AbortSignal): Promise<DetectedActionResult> => {
    const fail = (code: ExecutionErrorCode, error: string, handler?: string): DetectedActionResult => ({
      action,
      success: false,
      error,
      code,
      ...(handler ? { handler } : {}),
    });
    if (signal.aborted) return fail('aborted', 'not run: the execution was aborted');
    if (action.configured === false) {
      return fail(
        'unconfigured_type',
        `type ${JSON.stringify(action.type)} is not in the configured types, so it was not run`,
      );
    }
    const route = Object.hasOwn(routes, action.type) ? routes[action.type] : undefined;
    if (route === undefined)
      return fail('no_handler', `no handler is configured for type ${JSON.stringify(action.type)}`);
    const name = typeof route === 'string' ? route : action.type;
    const handler = typeof route === 'function' ? route : named.get(route);
    if (typeof route === 'string' && !handler) {
      const hint = route.startsWith('builtin:')
        ? ` (set it up with named: builtinHandlers({ … }))`
        : ' (register it by name first)';
      return fail('unknown_handler', `handler ${JSON.stringify(route)} is not registered${hint}`, name);
    }
    if (!handler)
      return fail('no_handler', `no handler is configured for type ${JSON.stringify(action.type)}`);
    try {
      const result = await handler(action, { signal, logger, handler: name });
      return { action, success: true, result, handler: name };
    } catch (error) {
      logger.warn({ err: error, type: action.type, handler: name }, 'agent-action handler failed');
      return fail('handler_error', error instanceof Error ? error.message : String(error), name);
    }
  };

  return {
    async execute(actions, executeOptions = {}) {
      const signal = executeOptions.signal ?? new AbortController().signal;
      const results: DetectedActionResult[] = [];
      for (const action of actions) results.push(await runOne(action, signal));
      return results;
    },
    register(name, handler) {
      if (typeof handler !== 'function')
        throw new AffordanceError(
          'invalid_option',
          `register: the handler ${JSON.stringify(name)} must be a function`,
        );
      named.set(name, handler);
      return () => {
        if (named.get(name) === handler) named.delete(name);
      };
    },
  };
}
