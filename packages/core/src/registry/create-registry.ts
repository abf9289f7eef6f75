import type { AnyAction, RunResult } from '../action/types.js';
import { addObserver, type CallObserver } from '../observe/call-observer.js';
import { createEmitter, type Emitter } from '../observe/emitter.js';
import { followCallEvents } from '../observe/event-observer.js';
import type { RegistryEvents } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { previewCall } from '../pipeline/preview-call.js';
import { runPipeline } from '../pipeline/run-pipeline.js';
import type { TargetResolver } from '../pipeline/runtime.js';
import { errorForModel } from '../pipeline/shape-result.js';
import { createMemoryStore, type Store } from '../ports/store.js';
import { patternsWritten } from '../schema/schema-loading.js';
import { loadOnCall } from '../util/load-on-call.js';
import { createActionTable } from './action-table.js';
import type { Approvals } from './approvals.js';
import { type AvailabilitySource, listAvailable } from './available.js';
import { buildRuntime } from './build-runtime.js';
import { createInputChecker } from './check-input.js';
import { createKeywordMatcher } from './keyword-matcher.js';
import { redactCall } from './redact-call.js';
import type { Registrable, Registry, RegistryOptions } from './registry-types.js';
import { resolveTargetSync, settleQuery } from './target-ref.js';
import { createToolSets } from './tool-set.js';

export type { Registrable, Registry, RegistryOptions, ToolsQuery } from './registry-types.js';

/**
 * Create a registry: a table of actions, the pipeline's runtime over the given ports, `available` ranked by the
 * given ranker (a small keyword matcher without one), tool lists per format, and `run`.
 */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const logger = options.logger ?? silentLogger;
  // The registry's observers; the events' own one among them while anyone listens to a call event.
  const observers: CallObserver[] = [...(options.observers ?? [])];
  const events: Emitter<RegistryEvents> = createEmitter<RegistryEvents>(
    (error) => logger.error({ err: error }, 'event listener threw'),
    (type) => followCallEvents(events, observers, type),
  );
  const store: Store = { ...createMemoryStore(), ...options.store };
  const ranker = options.ranker ?? createKeywordMatcher();
  const targetParam = options.targetParam ?? 'blockId';
  // The app's own target objects are targets: every object may carry more keys than its declared type shows.
  const targets = options.targets as TargetResolver | undefined;

  const table = createActionTable(ranker, (change) => {
    toolSets.clear();
    events.emit('change', change);
  });
  const runtime = buildRuntime({
    options,
    lookup: table.lookup,
    store,
    events,
    observers,
    targets,
    targetParam,
  });
  const source: AvailabilitySource = {
    entries: table.entries,
    resolveTargetSync: (ref) => resolveTargetSync(targets, ref),
    succeeded(sessionId) {
      const found = store.history.succeeded(sessionId);
      return found instanceof Promise ? undefined : found;
    },
    search: (query) => ranker.search(query),
    match: (query, limit) =>
      ranker.match
        ? ranker.match(query, limit === undefined ? {} : { limit })
        : [...ranker.search(query)].map(([id, score]) => ({ id, score, relevant: true })),
  };
  const toolSets = createToolSets(table, source, targetParam, options.formats);

  const registry: Registry = {
    get version() {
      return table.version;
    },
    register(input, registerOptions = {}) {
      const list = (Array.isArray(input) ? input : [input]) as Registrable[];
      const { names, actions } = table.add(list, registerOptions.replace === true);
      return () => {
        registry.unregister(names.filter((name, index) => table.entries.get(name) === actions[index]));
      };
    },
    unregister: (input) => table.remove(typeof input === 'string' ? [input] : input).length,
    get(name) {
      const found = table.lookup(name);
      return 'action' in found ? found.action : undefined;
    },
    names: () => [...table.entries.keys()],
    list: (): AnyAction[] => [...table.entries.values()],
    available: (query) => listAvailable(source, query),
    availableAsync: async (query = {}) => listAvailable(source, await settleQuery(runtime, query)),
    async toolsAsync(query) {
      // Patterns whose regex flags wait for their rewriter (browser bundles) are written before the list is made.
      await patternsWritten(
        [...table.entries.values()].flatMap((a) => [a.inputJsonSchema, a.outputJsonSchema]),
      );
      return toolSets.toolSet((await settleQuery(runtime, query)) as typeof query).tools;
    },
    tools: (query) => toolSets.toolSet(query).tools,
    toolSet: (query) => toolSets.toolSet(query),
    run: (call) => runPipeline(runtime, call) as Promise<RunResult<never>>,
    preview: (call) => previewCall(runtime, call),
    checkInput: createInputChecker(runtime, options.validator),
    redact: (call) => redactCall(runtime, call),
    resolveTarget: (ref) => runtime.resolveTarget(ref),
    // The inbox (and running approved calls) is a chunk of its own, loaded on its first use: every method is async.
    approvals: loadOnCall<Approvals>(
      () =>
        import('./approvals.js').then((module) =>
          module.createApprovals(runtime, { runPipeline, errorForModel, redactCall }),
        ),
      {
        list: true,
        get: true,
        approve: true,
        deny: true,
        recordDenied: true,
        retry: true,
        answer: true,
        recover: true,
      },
    ),
    targets,
    targetParam,
    store,
    on: events.on,
    observe: (observer) => addObserver(observers, observer),
  };
  if (options.actions) registry.register(options.actions);
  return registry;
}
