import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('newId', () => {
  // Cloudflare Workers refuse random numbers while a module loads: loading core must not draw any.
  it('draws its random part at the first id, not when the module loads, and once for every id after', async () => {
    vi.resetModules();
    const draw = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const { newId } = await import('./new-id.js');
    expect(draw).not.toHaveBeenCalled();
    const first = newId('call');
    const second = newId('apr');
    expect(draw).toHaveBeenCalledTimes(1);
    expect(first).toMatch(/^call_[0-9a-f]{16}[0-9a-z]{6}$/);
    expect(second.slice(4, 20)).toBe(first.slice(5, 21));
    expect(newId('call')).not.toBe(first);
  });
});
