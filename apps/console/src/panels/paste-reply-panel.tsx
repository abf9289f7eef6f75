import { parseActions } from '@affordance/core';
import type { ParsedActions } from '@affordance/core/text';
import { type ReactNode, useId, useState } from 'react';
import type { RunResult } from '../api/types.js';
import { formatJson } from './format.js';

const EXAMPLE =
  'I will make the first shape red.\n\n```agent-action\n{"action": "shape_updateColor", "blockId": "shape-1", "color": "#ef4444"}\n```';

/**
 * Without a model: paste a model's reply, detect the actions in it with core's text protocol (`parseActions`, in
 * the browser) and run them through the REST API, one by one or all in order.
 */
export function PasteReplyPanel(props: {
  readonly run: (name: string, args: Record<string, unknown>) => Promise<RunResult>;
}): ReactNode {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParsedActions | undefined>();
  const [results, setResults] = useState<ReadonlyMap<number, RunResult | string>>(new Map());
  const id = useId();
  const calls = parsed?.calls.filter((call) => call.name !== 'done') ?? [];

  const runOne = async (index: number) => {
    const call = calls[index];
    if (!call) return;
    let outcome: RunResult | string;
    try {
      outcome = await props.run(call.name, call.args);
    } catch (error) {
      outcome = (error as Error).message;
    }
    setResults((previous) => new Map(previous).set(index, outcome));
  };
  const runAll = async () => {
    for (let index = 0; index < calls.length; index++) await runOne(index);
  };

  return (
    <div className="paste-reply">
      <p className="muted">
        No model is configured (start the server with <code>AFFORDANCE_MODEL</code> to chat). Paste a
        model&apos;s reply here: the actions in it (a JSON action object, or <code>```agent-action</code>{' '}
        blocks) are detected in the browser and run through the API.
      </p>
      <label htmlFor={id}>Model reply</label>
      <textarea
        id={id}
        rows={7}
        value={text}
        placeholder={EXAMPLE}
        onChange={(event) => {
          setText(event.target.value);
          setParsed(undefined);
          setResults(new Map());
        }}
      />
      <div className="form-buttons">
        <button type="button" className="button-quiet" onClick={() => setText(EXAMPLE)}>
          Use an example
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={!text.trim()}
          onClick={() => setParsed(parseActions(text))}
        >
          Detect actions
        </button>
      </div>
      {parsed ? (
        <section aria-label="Detected actions" className="detected">
          <h3>
            {calls.length} action{calls.length === 1 ? '' : 's'} found ({parsed.format} format)
            {calls.length > 1 ? (
              <button type="button" className="button-primary" onClick={() => void runAll()}>
                Run all
              </button>
            ) : null}
          </h3>
          {parsed.errors
            .filter((error) => error.code !== 'ignored_action')
            .map((error) => (
              <p key={`${error.code}:${error.span?.start ?? 0}`} className="form-error">
                {error.code}: {error.message}
              </p>
            ))}
          <ol className="timeline">
            {calls.map((call, index) => {
              const result = results.get(index);
              return (
                <li key={`${call.span.start}`} className="call">
                  <div className="call-head">
                    <code className="call-name">{call.name}</code>
                    {call.repaired ? <span className="badge">repaired</span> : null}
                    <button type="button" className="button-quiet" onClick={() => void runOne(index)}>
                      Run
                    </button>
                  </div>
                  <pre className="json">{formatJson(call.args)}</pre>
                  {typeof result === 'string' ? <p className="call-error">{result}</p> : null}
                  {result && typeof result !== 'string' ? (
                    result.ok ? (
                      <p className="call-message">
                        <span className="status status-ok">done</span> {result.message ?? ''}
                      </p>
                    ) : (
                      <p className="call-error">
                        <strong>{result.error.code}</strong>: {result.error.message}
                      </p>
                    )
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
