// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_STORAGE, KeyGate } from './key-gate.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A server started with one key, `k1`: /api/targets answers 401 to anything else.
function serverWithKey() {
  const seen: Array<string | null> = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    const authorization = (init.headers as Record<string, string>)?.authorization ?? null;
    seen.push(authorization);
    if (authorization === 'Bearer k1') return Response.json({ listable: true, targets: [] });
    return Response.json(
      { error: { code: 'unauthorized', message: 'this server needs an API key' } },
      { status: 401 },
    );
  });
  return seen;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('KeyGate', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('asks for a key on 401, says when it is refused, and keeps the accepted one', async () => {
    const seen = serverWithKey();
    render(
      <KeyGate storage={storage}>
        {(_api, signOut) => (
          <button type="button" onClick={signOut}>
            console
          </button>
        )}
      </KeyGate>,
    );
    const input = await screen.findByLabelText('API key');
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('did not accept');
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: ' k1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'console' });
    expect(storage.values.get(API_KEY_STORAGE)).toBe('k1');
    expect(seen).toEqual([null, 'Bearer wrong', 'Bearer k1']);
    // Signing out forgets the key and asks again.
    fireEvent.click(screen.getByRole('button', { name: 'console' }));
    await screen.findByLabelText('API key');
    expect(storage.values.has(API_KEY_STORAGE)).toBe(false);
  });

  it('opens straight away with a stored key, and without one on a server that needs none', async () => {
    serverWithKey();
    render(<KeyGate storage={memoryStorage({ [API_KEY_STORAGE]: 'k1' })}>{() => <p>console</p>}</KeyGate>);
    await screen.findByText('console');
    cleanup();
    vi.stubGlobal('fetch', async () =>
      Response.json({ ok: true, actions: 0, version: 1, storage: 'memory' }),
    );
    let signOutGiven: unknown = 'unset';
    render(
      <KeyGate storage={storage}>
        {(_api, signOut) => {
          signOutGiven = signOut;
          return <p>console</p>;
        }}
      </KeyGate>,
    );
    await waitFor(() => expect(screen.getByText('console')).toBeTruthy());
    expect(signOutGiven).toBeUndefined();
  });
});
