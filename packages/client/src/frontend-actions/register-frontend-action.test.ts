import { createRegistry, type SchemaLike } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { createToolCallStore } from '../tool-calls/create-tool-call-store.js';
import { createRendererRegistry } from '../tool-calls/renderer-registry.js';
import { type FrontendActionOptions, registerFrontendAction } from './register-frontend-action.js';

type Render = (props: { readonly name: string }) => string;
type Options = FrontendActionOptions<SchemaLike | undefined, unknown, Render>;

function setup(first: Options) {
  const registry = createRegistry();
  const store = createToolCallStore();
  const renderers = createRendererRegistry<Render>();
  let options = first;
  const remove = registerFrontendAction({ registry, store, renderers, read: () => options });
  return {
    registry,
    store,
    renderers,
    remove,
    change: (next: Options) => {
      options = next;
    },
  };
}

describe('registerFrontendAction', () => {
  it('calls the latest handler and render without re-registering, and removes the action', async () => {
    const { registry, remove, change } = setup({
      name: 'greet',
      description: 'Greets',
      handler: () => 'first',
    });
    const version = registry.version;
    change({ name: 'greet', description: 'Greets', handler: () => 'second', render: () => 'drawn' });
    expect(await registry.run({ name: 'greet', args: {} })).toMatchObject({ ok: true, value: 'second' });
    const render = registry.get('greet')?.render as Render | undefined;
    expect(render?.({ name: 'greet' })).toBe('drawn');
    expect(registry.version).toBe(version);
    remove();
    expect(registry.names()).toEqual([]);
  });

  it("waits for the person's respond when there is a render and no handler", async () => {
    const { registry, store } = setup({
      name: 'confirm',
      description: 'Ask the person',
      render: () => 'ask',
    });
    store.begin({ id: 'c1', name: 'confirm', args: {} });
    const running = registry.run({ name: 'confirm', args: {}, toolCallId: 'c1' });
    await expect.poll(() => store.get('c1')?.awaitingResponse).toBe(true);
    store.respond('c1', 'yes');
    expect(await running).toMatchObject({ ok: true, value: 'yes' });
  });

  it("sets the wildcard '*' as a renderer, not an action, and needs a render for it", () => {
    const { registry, renderers, remove } = setup({
      name: '*',
      description: 'Any',
      render: ({ name }) => `any ${name}`,
    });
    expect(registry.names()).toEqual([]);
    expect(renderers.resolve('lookup')?.({ name: 'lookup' })).toBe('any lookup');
    remove();
    expect(renderers.resolve('lookup')).toBeUndefined();
    expect(() => setup({ name: '*', description: 'Any' })).toThrow(
      "the wildcard action '*' needs a render function",
    );
  });
});
