import type { Message } from '@ag-ui/client';
import { createListeners } from '../listeners.js';

/** One stored thread of the current user, as `GET /api/sessions` lists it. */
export interface ThreadSummary {
  readonly id: string;
  readonly title?: string;
  readonly messageCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Options of `createThreadList`: where the server is and how to reach it as the current user. */
export interface ThreadListOptions {
  /** Prefix of the server's paths (default: same origin). */
  readonly baseUrl?: string;
  /** Sent with every request (e.g. `{ authorization: 'Bearer …' }`). */
  readonly headers?: Record<string, string>;
  readonly fetch?: typeof fetch;
  /** How many threads to list (default 50, newest first). */
  readonly limit?: number;
}

/** What a thread list shows: the threads, the open one and its messages, and the last error. */
export interface ThreadListSnapshot {
  readonly threads: readonly ThreadSummary[];
  /** The open thread; a new one is not stored until its first run. */
  readonly currentId: string;
  /** The messages of the open thread as loaded (`[]` for a new one); hand them to the chat of `currentId`. */
  readonly messages: readonly Message[];
  /** `loading` while the list or a thread is being read. */
  readonly status: 'idle' | 'loading' | 'error';
  /** The open thread has messages before `messages` (a thread is read from its end, a page at a time). */
  readonly hasOlder: boolean;
  /** True while `loadOlder()` reads. */
  readonly loadingOlder: boolean;
  readonly error: string | undefined;
}

/** The current user's threads over `GET /api/sessions` and `GET /api/sessions/:id/thread`. */
export interface ThreadList {
  /** Read the list again (after a run stored a new thread or title). */
  refresh(): Promise<void>;
  /** Open a stored thread: its messages load, then `currentId` switches to it. */
  select(id: string): Promise<void>;
  /**
   * Read the page before `messages` of the open thread (the server's `nextCursor`) and put it in front; answers
   * the messages it added (`[]` when there are none, or the thread was left meanwhile). Hand them to the chat's
   * `prepend`. A failure shows as `error`.
   */
  loadOlder(): Promise<readonly Message[]>;
  /** Open a new, empty thread and answer its id. */
  create(): string;
  getSnapshot(): ThreadListSnapshot;
  subscribe(listener: () => void): () => void;
}

/** Create a framework-free list of the current user's threads; `useThreadList` is its React binding. */
export function createThreadList(options: ThreadListOptions = {}): ThreadList {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = createListeners();
  let snapshot: ThreadListSnapshot = {
    threads: [],
    currentId: crypto.randomUUID(),
    messages: [],
    status: 'idle',
    error: undefined,
    hasOlder: false,
    loadingOlder: false,
  };
  // The page before the open thread's messages (`nextCursor` of the last page read).
  let cursor: string | undefined;
  // Counts the threads opened: a page read for one opened before is dropped.
  let opened = 0;
  // Only the latest request of each kind may publish: a slow answer for a thread left since is dropped.
  let listTurn = 0;
  let selectTurn = 0;
  const publish = (change: Partial<ThreadListSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    listeners.notify();
  };
  const read = async <TBody>(path: string): Promise<TBody> => {
    const response = await doFetch(`${baseUrl}${path}`, {
      headers: { accept: 'application/json', ...options.headers },
    });
    const body = (await response.json().catch(() => undefined)) as
      | (TBody & { error?: { message?: string } })
      | undefined;
    if (!response.ok || body === undefined) {
      throw new Error(body?.error?.message ?? `the server answered ${response.status} for ${path}`);
    }
    return body;
  };
  const failed = (error: unknown) =>
    publish({ status: 'error', error: (error as Error)?.message ?? String(error) });

  return {
    async refresh() {
      const turn = ++listTurn;
      publish({ status: 'loading', error: undefined });
      try {
        const page = await read<{ sessions: ThreadSummary[] }>(`/api/sessions?limit=${options.limit ?? 50}`);
        if (turn !== listTurn) return;
        publish({ threads: page.sessions.map(summaryOf), status: 'idle' });
      } catch (error) {
        if (turn === listTurn) failed(error);
      }
    },
    async select(id) {
      const turn = ++selectTurn;
      publish({ status: 'loading', error: undefined });
      try {
        const thread = await read<ThreadPage>(`/api/sessions/${encodeURIComponent(id)}/thread`);
        if (turn !== selectTurn) return;
        cursor = thread.nextCursor;
        opened++;
        const older = { hasOlder: cursor !== undefined, loadingOlder: false };
        publish({ currentId: id, messages: thread.messages, status: 'idle', ...older });
      } catch (error) {
        if (turn === selectTurn) failed(error);
      }
    },
    async loadOlder() {
      if (cursor === undefined || snapshot.loadingOlder) return [];
      const turn = opened;
      const id = snapshot.currentId;
      publish({
        loadingOlder: true,
        ...(snapshot.status === 'error' ? { status: 'idle', error: undefined } : {}),
      });
      try {
        const page = await read<ThreadPage>(
          `/api/sessions/${encodeURIComponent(id)}/thread?cursor=${encodeURIComponent(cursor)}`,
        );
        if (turn !== opened) return [];
        cursor = page.nextCursor;
        const messages = [...page.messages, ...snapshot.messages];
        publish({ messages, hasOlder: cursor !== undefined, loadingOlder: false });
        return page.messages;
      } catch (error) {
        if (turn !== opened) return [];
        publish({ loadingOlder: false });
        failed(error);
        return [];
      }
    },
    create() {
      selectTurn++;
      opened++;
      cursor = undefined;
      const id = crypto.randomUUID();
      const older = { hasOlder: false, loadingOlder: false };
      publish({ currentId: id, messages: [], status: 'idle', error: undefined, ...older });
      return id;
    },
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
  };
}

/** A page of `GET /api/sessions/:id/thread`. */
interface ThreadPage {
  readonly messages: Message[];
  readonly nextCursor?: string;
}

function summaryOf(session: ThreadSummary): ThreadSummary {
  return {
    id: session.id,
    ...(session.title ? { title: session.title } : {}),
    messageCount: session.messageCount,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
  };
}
