import { type AgentChat, SharedStateError, useAffordance, useAgentState } from '@affordance/react';
import { type FormEvent, type ReactNode, useState, useSyncExternalStore } from 'react';

/**
 * What the chat shares with the agent besides the messages: the app context every run sends (read-only here) and
 * the shared state (AG-UI STATE_SNAPSHOT / STATE_DELTA), which the user can edit as JSON for the next run.
 */
export function SharedStateView(props: { readonly chat: AgentChat }): ReactNode {
  const { agentContext } = useAffordance();
  const entries = useSyncExternalStore(agentContext.subscribe, agentContext.entries, agentContext.entries);
  const [state, setState] = useAgentState(props.chat);
  const [draft, setDraft] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const context = entries.length > 0 ? agentContext.toAgui() : [];
  const save = (event: FormEvent) => {
    event.preventDefault();
    try {
      const parsed: unknown = JSON.parse(draft ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error('the shared state must be a JSON object');
      }
      setState(parsed as Record<string, unknown>);
      setDraft(undefined);
      setProblem(undefined);
    } catch (error) {
      setProblem(error instanceof SharedStateError || error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section className="shared-state" aria-label="Shared with the agent">
      <h3>App context</h3>
      {context.length > 0 ? (
        <ul className="app-context">
          {context.map((entry) => (
            <li key={entry.description}>
              {entry.description}: <code>{entry.value}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          Nothing selected: select a block and the agent reads it with your next message.
        </p>
      )}
      <h3>Shared state</h3>
      {draft === undefined ? (
        <>
          <pre className="shared-state-json" data-testid="shared-state">
            {JSON.stringify(state, null, 2)}
          </pre>
          <button
            type="button"
            className="button-quiet"
            onClick={() => setDraft(JSON.stringify(state, null, 2))}
          >
            Edit state
          </button>
        </>
      ) : (
        <form onSubmit={save} className="shared-state-form">
          <label htmlFor="shared-state-input" className="visually-hidden">
            Shared state (JSON)
          </label>
          <textarea
            id="shared-state-input"
            rows={6}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          {problem ? (
            <p role="alert" className="form-error">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="button-primary">
            Save state
          </button>
          <button type="button" className="button-quiet" onClick={() => setDraft(undefined)}>
            Cancel
          </button>
        </form>
      )}
    </section>
  );
}
