import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ApiClient, Decision } from '../api/api-client.js';
import { connectEvents, type EventStreamStatus } from '../api/connect-events.js';
import type { Health, PendingApproval, RunResult, TargetState } from '../api/types.js';
import { reduceTimeline, type TimelineEntry } from './timeline.js';

/** Everything the console shows that comes from the server, kept fresh by the event stream. */
export interface ConsoleData {
  readonly health: Health | undefined;
  readonly targets: readonly TargetState[];
  readonly approvals: readonly PendingApproval[];
  readonly timeline: readonly TimelineEntry[];
  /** Goes up whenever a call ended or actions changed: views that fetch (audit, palette) refetch on it. */
  readonly revision: number;
  readonly stream: EventStreamStatus;
  readonly error: string | undefined;
  /** Run an action from this tab: it shows in the timeline with its args, then the canvas refreshes. */
  run(name: string, args: Record<string, unknown>): Promise<RunResult>;
  decide(id: string, decision: Decision): Promise<RunResult>;
  refresh(): Promise<void>;
}

let localCounter = 0;

/** How many recent calls the timeline loads from the audit log when the page opens. */
const HISTORY = 50;
/** What the inbox shows: calls waiting for a decision, runs in flight, and runs a stopped process interrupted. */
const INBOX: readonly PendingApproval['status'][] = ['pending', 'approved', 'running', 'interrupted'];

/** Load health, targets and pending approvals, follow `/api/events`, and keep the tool-call timeline. */
export function useConsoleData(api: ApiClient): ConsoleData {
  const [health, setHealth] = useState<Health | undefined>();
  const [targets, setTargets] = useState<readonly TargetState[]>([]);
  const [approvals, setApprovals] = useState<readonly PendingApproval[]>([]);
  const [timeline, dispatch] = useReducer(reduceTimeline, []);
  const [revision, bump] = useReducer((value: number) => value + 1, 0);
  const [stream, setStream] = useState<EventStreamStatus>('connecting');
  const [error, setError] = useState<string | undefined>();
  const mounted = useRef(true);

  const guard = useCallback(async (work: () => Promise<void>) => {
    try {
      await work();
      if (mounted.current) setError(undefined);
    } catch (caught) {
      if (mounted.current) setError((caught as Error).message);
    }
  }, []);
  const loadTargets = useCallback(() => guard(async () => setTargets(await api.targets())), [api, guard]);
  const loadApprovals = useCallback(
    () => guard(async () => setApprovals(await api.approvals(INBOX))),
    [api, guard],
  );
  // The timeline outlives a reload: the recent calls come back from the audit log.
  const loadHistory = useCallback(
    () =>
      guard(async () =>
        dispatch({ type: 'history', records: (await api.audit({ limit: HISTORY })).records }),
      ),
    [api, guard],
  );
  const refresh = useCallback(async () => {
    await Promise.all([
      guard(async () => setHealth(await api.health())),
      loadTargets(),
      loadApprovals(),
      loadHistory(),
    ]);
    bump();
  }, [api, guard, loadTargets, loadApprovals, loadHistory]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    const stop = connectEvents({
      url: `${api.baseUrl}/api/events`,
      headers: api.headers,
      onStatus: (status) => {
        setStream(status);
        // After a reconnect, catch up with whatever happened while the stream was down.
        if (status === 'open') void refresh();
      },
      onEvent: (type, data) => {
        const event = data as Record<string, unknown>;
        switch (type) {
          case 'call-start':
            dispatch({
              type: 'call-start',
              callId: String(event.callId),
              name: String(event.name),
              userId: typeof event.userId === 'string' ? event.userId : undefined,
              at: Date.now(),
            });
            break;
          case 'call-end':
            dispatch({
              type: 'call-end',
              callId: String(event.callId),
              result: event.result as RunResult,
              at: Date.now(),
            });
            void loadTargets();
            bump();
            break;
          case 'approval-requested':
          case 'approval-decided':
            void loadApprovals();
            break;
          case 'change':
            bump();
            void guard(async () => setHealth(await api.health()));
            break;
        }
      },
    });
    return () => {
      mounted.current = false;
      stop();
    };
  }, [api, refresh, loadTargets, loadApprovals, guard]);

  const run = useCallback(
    async (name: string, args: Record<string, unknown>) => {
      const localId = `local-${++localCounter}`;
      dispatch({ type: 'local-start', localId, name, args, at: Date.now() });
      let result: RunResult;
      try {
        result = await api.run(name, args);
      } catch (caught) {
        dispatch({ type: 'local-fail', localId, message: (caught as Error).message });
        throw caught;
      }
      dispatch({ type: 'local-end', localId, result });
      // The event stream usually got there first; refetching also covers a stream that is down.
      await Promise.all([loadTargets(), loadApprovals()]);
      bump();
      return result;
    },
    [api, loadTargets, loadApprovals],
  );

  const decide = useCallback(
    async (id: string, decision: Decision) => {
      const result = await api.decide(id, decision);
      await Promise.all([loadTargets(), loadApprovals()]);
      bump();
      return result;
    },
    [api, loadTargets, loadApprovals],
  );

  return { health, targets, approvals, timeline, revision, stream, error, run, decide, refresh };
}
