// @vitest-environment jsdom

import { createToolCallStore, type ToolCallStore } from '@affordance/client';
import { createRegistry } from '@affordance/core';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AffordanceProvider } from '../affordance-provider.js';
import { ToolCallRenderer } from '../components/tool-call-renderer.js';
import { useAssistantAction } from './use-assistant-action.js';

afterEach(cleanup);

function RenderOnlyProbe() {
  useAssistantAction({
    name: 'analyzing_data',
    description: 'Analyzing data patterns',
    available: 'disabled',
    render: ({ status, args }) => h('p', null, `${status}: ${String(args?.dataSource)}`),
  });
  return h(ToolCallRenderer, { id: 'c1' });
}

function WildcardProbe() {
  useAssistantAction({
    name: '*',
    description: 'Any tool',
    render: ({ call }) => h('p', null, `any ${call.name}`),
  });
  return h(ToolCallRenderer, { id: 'w1' });
}

const search = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1 } },
  required: ['query'],
  additionalProperties: false,
} as const;

function setup() {
  const registry = createRegistry();
  const store = createToolCallStore();
  const wrapper = ({ children }: { children?: ReactNode }) =>
    h(AffordanceProvider, { registry, store }, children);
  return { registry, store, wrapper };
}

function streamCall(store: ToolCallStore, id: string, name: string, input: Record<string, unknown>) {
  act(() => {
    store.apply({ type: 'tool-input-start', id, name });
    store.apply({ type: 'tool-input-end', id });
    store.apply({ type: 'tool-call', id, name, input: input as never });
  });
}

describe('useAssistantAction', () => {
  it('registers on mount and unregisters on unmount', () => {
    const { registry, wrapper } = setup();
    const { unmount } = renderHook(
      () =>
        useAssistantAction({
          name: 'web_search',
          description: 'Search the web',
          parameters: search,
          handler: ({ query }) => [query],
        }),
      { wrapper },
    );
    expect(registry.names()).toEqual(['web_search']);
    expect(registry.tools({ format: 'ag-ui' })).toEqual([
      {
        name: 'web_search',
        description: 'Search the web',
        parameters: expect.objectContaining({ required: ['query'] }),
      },
    ]);
    unmount();
    expect(registry.names()).toEqual([]);
  });

  it('stays unregistered while enabled is false and registers when it turns true', () => {
    const { registry, wrapper } = setup();
    const { rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        useAssistantAction({ name: 'deploy', description: 'Deploy the app', handler: () => 'ok', enabled }),
      { wrapper, initialProps: { enabled: false } },
    );
    expect(registry.names()).toEqual([]);
    rerender({ enabled: true });
    expect(registry.names()).toEqual(['deploy']);
    rerender({ enabled: false });
    expect(registry.names()).toEqual([]);
  });

  it('re-registers when deps change, and not on other renders', () => {
    const { registry, wrapper } = setup();
    const { rerender } = renderHook(
      ({ env }: { env: string }) =>
        useAssistantAction({
          name: 'deploy',
          description: `Deploy to ${env}`,
          handler: () => env,
          deps: [env],
        }),
      { wrapper, initialProps: { env: 'dev' } },
    );
    const version = registry.version;
    rerender({ env: 'dev' });
    expect(registry.version).toBe(version);
    rerender({ env: 'prod' });
    expect(registry.version).toBeGreaterThan(version);
    expect(registry.get('deploy')?.description).toBe('Deploy to prod');
  });

  it('always calls the latest handler without re-registering', async () => {
    const { registry, wrapper } = setup();
    const { rerender } = renderHook(
      ({ label }: { label: string }) =>
        useAssistantAction({ name: 'greet', description: 'Greets', handler: () => label }),
      { wrapper, initialProps: { label: 'first' } },
    );
    rerender({ label: 'second' });
    const result = await registry.run({ name: 'greet', args: {} });
    expect(result).toMatchObject({ ok: true, value: 'second' });
  });

  it('keeps render-only actions out of the tools but renders their calls', () => {
    const { registry, store, wrapper } = setup();
    render(h(RenderOnlyProbe), { wrapper });
    expect(registry.tools({ format: 'ag-ui' })).toEqual([]);
    expect(registry.available({ includeRenderOnly: true }).map((entry) => entry.name)).toEqual([
      'analyzing_data',
    ]);
    streamCall(store, 'c1', 'analyzing_data', { dataSource: 'sales' });
    expect(screen.getByText('executing: sales')).toBeTruthy();
  });

  it('types and validates zod parameters before the handler runs; the fix-it error is what the model reads', async () => {
    const { registry, wrapper } = setup();
    const handler = vi.fn(({ color }: { color: string }) => `painted ${color}`);
    renderHook(
      () =>
        useAssistantAction({
          name: 'paint',
          description: 'Paint the shape',
          parameters: z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/) }),
          handler: (args) => handler(args),
        }),
      { wrapper },
    );
    const bad = await registry.run({ name: 'paint', args: { color: 'red' } });
    expect(bad.ok).toBe(false);
    expect(bad.ok === false && bad.error.code).toBe('invalid_args');
    expect(bad.modelOutput).toMatch(/^Error \(invalid_args\): .*color/);
    expect(handler).not.toHaveBeenCalled();
    const good = await registry.run({ name: 'paint', args: { color: '#ff0000' } });
    expect(good).toMatchObject({ ok: true, value: 'painted #ff0000' });
  });

  it('returns a thrown handler error to the model as data', async () => {
    const { registry, wrapper } = setup();
    renderHook(
      () =>
        useAssistantAction({
          name: 'risky',
          description: 'Might fail',
          handler: () => {
            throw new Error('disk is full');
          },
        }),
      { wrapper },
    );
    const result = await registry.run({ name: 'risky', args: {} });
    expect(result.ok).toBe(false);
    expect(result.modelOutput).toBe('Error (handler_error): risky failed: disk is full');
  });

  it('registers a wildcard renderer under "*" without registering an action', () => {
    const { registry, store, wrapper } = setup();
    const { unmount } = render(h(WildcardProbe), { wrapper });
    expect(registry.names()).toEqual([]);
    streamCall(store, 'w1', 'backend_lookup', {});
    expect(screen.getByText('any backend_lookup')).toBeTruthy();
    unmount();
  });
});
