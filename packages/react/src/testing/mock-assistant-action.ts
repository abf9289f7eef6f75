import {
  createToolCallStore,
  executeAction as runThroughRegistry,
  type ToolCallStore,
} from '@affordance/client';
import {
  createRegistry,
  errorForModel,
  type Registrable,
  type Registry,
  type RunResult,
} from '@affordance/core';
import { agUiFormat } from '@affordance/core/formats';
import { createElement, type ReactNode } from 'react';
import type { AffordanceContextValue } from '../affordance-context.js';
import { AffordanceProvider } from '../affordance-provider.js';
import type { AssistantActionOptions } from '../hooks/use-assistant-action.js';

type Execute = AffordanceContextValue['executeAction'];

/** A recording stand-in for `executeAction`, with the jest / vitest spy methods tests reach for. */
export interface ExecuteActionSpy extends Execute {
  /** Every call as `[name, args]`, in order. */
  readonly calls: Array<[name: string, args: unknown]>;
  /** Answer every later call with this value as a successful result. */
  mockResolvedValue(value: unknown): ExecuteActionSpy;
  /** Answer every later call with a failed result carrying this message (code `handler_error`). */
  mockRejectedValue(message: string): ExecuteActionSpy;
  /** Answer every later call with this function's value. */
  mockImplementation(implementation: (name: string, args: unknown) => unknown): ExecuteActionSpy;
  mockClear(): void;
}

/** What `mockAssistantAction` returns. */
export interface MockedAssistant {
  /** A provider around `children` whose `executeAction` is the spy. */
  readonly TestWrapper: (props: { readonly children?: ReactNode }) => ReactNode;
  readonly executeAction: ExecuteActionSpy;
  readonly registry: Registry;
  readonly store: ToolCallStore;
  /** The tools a model would be offered now (AG-UI format). */
  getToolDefinitions(): unknown[];
}

/**
 * A provider for component tests whose `executeAction` is a spy: it records every call and, until told otherwise
 * with `mockResolvedValue` / `mockImplementation`, runs the real registry (so validation still applies). The
 * optional action is registered up front, so `getToolDefinitions()` lists it before anything renders.
 */
// biome-ignore lint/suspicious/noExplicitAny: any action shape may be mocked
export function mockAssistantAction(action?: AssistantActionOptions<any, any>): MockedAssistant {
  const registry = createRegistry();
  if (action) {
    const { parameters, enabled: _enabled, deps: _deps, ...rest } = action;
    registry.register({ ...rest, ...(parameters ? { input: parameters } : {}) } as Registrable);
  }
  const store = createToolCallStore();
  let implementation: ((name: string, args: unknown) => unknown) | undefined;
  let failure: string | undefined;
  const calls: Array<[string, unknown]> = [];

  const spy = (async (name, args, options = {}) => {
    calls.push([name, args]);
    if (!implementation && failure === undefined)
      return runThroughRegistry({ registry, store, name, args, ...options });
    // Like the pipeline: a call id of its own, the caller's id kept beside it.
    const base = {
      callId: `call_${crypto.randomUUID()}`,
      ...(options.callId ? { toolCallId: options.callId } : {}),
      name,
      durationMs: 0,
    };
    if (failure !== undefined) {
      const error = { code: 'handler_error', message: failure } as const;
      return { ...base, ok: false, error, modelOutput: errorForModel(error) } satisfies RunResult;
    }
    const value = await implementation!(name, args);
    return {
      ...base,
      ok: true,
      value,
      modelOutput: typeof value === 'string' ? value : (JSON.stringify(value) ?? 'done'),
    } satisfies RunResult;
  }) as ExecuteActionSpy;
  Object.assign(spy, {
    calls,
    mockResolvedValue(value: unknown) {
      failure = undefined;
      implementation = () => value;
      return spy;
    },
    mockRejectedValue(message: string) {
      implementation = undefined;
      failure = message;
      return spy;
    },
    mockImplementation(next: (name: string, args: unknown) => unknown) {
      failure = undefined;
      implementation = next;
      return spy;
    },
    mockClear() {
      calls.length = 0;
    },
  });

  return {
    TestWrapper: ({ children }) =>
      createElement(AffordanceProvider, { registry, store, executeAction: spy }, children),
    executeAction: spy,
    registry,
    store,
    getToolDefinitions: () => registry.tools({ format: agUiFormat }),
  };
}
