import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { type ApiClient, ApiError, createApiClient } from './api/api-client.js';

/** Where the console keeps the API key of a server started with keys. */
export const API_KEY_STORAGE = 'affordance.apiKey';

type GateState = 'checking' | 'open' | 'needs-key' | 'key-refused';

/**
 * Ask for an API key when the server answers 401, keep it in `storage` (the browser's localStorage), and render the
 * console with a client that sends it; `children` gets the client and, with a key, a way to forget it.
 */
export function KeyGate(props: {
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly children: (api: ApiClient, signOut: (() => void) | undefined) => ReactNode;
  readonly baseUrl?: string;
}): ReactNode {
  const { storage, baseUrl } = props;
  const [apiKey, setApiKey] = useState(() => storage.getItem(API_KEY_STORAGE) ?? undefined);
  const api = useMemo(
    () => createApiClient({ ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) }),
    [apiKey, baseUrl],
  );
  const [state, setState] = useState<GateState>('checking');
  const [draft, setDraft] = useState('');

  useEffect(() => {
    let current = true;
    setState('checking');
    // `/api/health` is public; the target list is the cheapest route that needs the key.
    api.targets().then(
      () => current && setState('open'),
      (error: unknown) => {
        if (!current) return;
        const refused = error instanceof ApiError && error.status === 401;
        // Any other failure (server down, …) is the console's to show, with its retry.
        setState(refused ? (apiKey ? 'key-refused' : 'needs-key') : 'open');
      },
    );
    return () => {
      current = false;
    };
  }, [api, apiKey]);

  if (state === 'open') {
    const signOut = apiKey
      ? () => {
          storage.removeItem(API_KEY_STORAGE);
          setApiKey(undefined);
        }
      : undefined;
    return props.children(api, signOut);
  }
  if (state === 'checking') return <p className="gate-status">Connecting to the server…</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = draft.trim();
    if (!key) return;
    storage.setItem(API_KEY_STORAGE, key);
    setDraft('');
    setApiKey(key);
  };
  return (
    <main className="gate">
      <form className="gate-form" onSubmit={submit} aria-labelledby="gate-title">
        <h1 id="gate-title">This server needs an API key</h1>
        {state === 'key-refused' ? (
          <p role="alert" className="error-text">
            The server did not accept that key. Check it and try again.
          </p>
        ) : (
          <p className="muted">
            It was started with API keys. Enter yours; this browser keeps it until you sign out.
          </p>
        )}
        <label>
          API key
          <input
            type="password"
            name="apiKey"
            autoComplete="current-password"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            required
            // biome-ignore lint/a11y/noAutofocus: the only thing to do on this page
            autoFocus
          />
        </label>
        <button type="submit" className="button-primary">
          Sign in
        </button>
      </form>
    </main>
  );
}
