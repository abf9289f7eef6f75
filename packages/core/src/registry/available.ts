import { missingRole } from '../action/check-roles.js';
import { unavailableReason } from '../action/check-when.js';
import type { AnyAction, Target, TargetRef, User } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { RankedMatch } from './ranker.js';

/** "What can I do here?" — the filters and ranking options of `available` and `tools`. */
export interface AvailableQuery {
  /** The target in view: the object itself, `{ type, id }` or `type:id` (resolved synchronously). */
  readonly target?: TargetRef;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** Relevance query; actions scoring at or below `minScore` are left out. */
  readonly query?: string;
  /**
   * What a `query` is for. `relevant` (precision first; the default of `available`): only the actions the ranker
   * finds relevant, so a request about nothing the registry does answers `[]`. `top` (recall first; the default of
   * `tools` and `toolSet`): the best `limit` actions whenever that many are available, ranked, each with its
   * `relevant` flag — for a model choosing among them.
   */
  readonly intent?: RankIntent;
  readonly minScore?: number;
  readonly limit?: number;
  /** Session whose history answers `requires`. */
  readonly sessionId?: string;
  /** Names that succeeded earlier, when the caller tracks history itself. */
  readonly completed?: Iterable<string>;
  /** `all` (default for `available`) keeps unavailable actions with their reason; `available` drops them. */
  readonly include?: 'all' | 'available';
  /** Only actions of this scope (`shape`), or `null` for unscoped actions only. */
  readonly scope?: string | null;
  /** Include render-only actions (`available: 'disabled'`), which are never offered to a model. */
  readonly includeRenderOnly?: boolean;
}

/** How a query selects: `top` k for a model to choose from, or only the `relevant` ones. */
export type RankIntent = 'top' | 'relevant';

/** One entry of the answer. */
export interface AvailableAction {
  /** Qualified name. */
  readonly name: string;
  readonly action: AnyAction;
  readonly available: boolean;
  readonly reason?: string;
  readonly score?: number;
  /** With a query: whether the ranker finds it relevant (always true with the `relevant` intent). */
  readonly relevant?: boolean;
}

/** What `available` needs from a registry. */
export interface AvailabilitySource {
  readonly entries: ReadonlyMap<string, AnyAction>;
  resolveTargetSync(ref: TargetRef): Target | undefined;
  succeeded(sessionId: string): ReadonlySet<string> | undefined;
  search(query: string): ReadonlyMap<string, number>;
  match(query: string, limit?: number): readonly RankedMatch[];
}

const NOTHING_DONE: ReadonlySet<string> = new Set();

/** Filter, explain and rank the registry's actions for a target, user and query. */
export function listAvailable(
  source: AvailabilitySource,
  query: AvailableQuery = {},
  defaultIntent: RankIntent = 'relevant',
): AvailableAction[] {
  const target = query.target === undefined ? undefined : source.resolveTargetSync(query.target);
  if (query.target !== undefined && !target) {
    throw new AffordanceError(
      'invalid_option',
      `available(): target ${describeRef(query.target)} was not found`,
    );
  }
  const context = query.context ?? {};
  // Without a session nothing has succeeded yet; an async history store leaves the check to `run`.
  const completed = query.completed
    ? new Set(query.completed)
    : query.sessionId
      ? source.succeeded(query.sessionId)
      : NOTHING_DONE;
  const intent = query.intent ?? defaultIntent;
  if (intent !== 'top' && intent !== 'relevant') {
    throw new AffordanceError(
      'invalid_option',
      `available(): intent must be 'top' or 'relevant', not ${String(intent)}`,
    );
  }
  const text = query.query?.trim();
  const ranked = text ? rankedFor(source, text, intent, query.limit) : undefined;
  const minScore = query.minScore ?? 0;
  const results: Array<AvailableAction & { order: number }> = [];
  const limit = query.limit !== undefined && query.limit >= 0 ? query.limit : Number.POSITIVE_INFINITY;
  let availableCount = 0;
  let order = 0;
  // With a query, only the ranked names can be in the answer: visit those best first, not every action.
  const candidates: Iterable<[string, AnyAction | undefined]> = ranked
    ? withActions(ranked.names, source.entries)
    : source.entries;
  for (const [name, action] of candidates) {
    // Best first, available first: once `limit` available ones are found, nothing later can enter the answer.
    if (ranked && availableCount >= limit) break;
    order++;
    if (!action) continue;
    if (action.available === 'disabled' && !query.includeRenderOnly) continue;
    if (query.scope !== undefined && (action.scope ?? null) !== query.scope) continue;
    let score: number | undefined;
    if (ranked) {
      score = ranked.scores.get(name) ?? 0;
      // The top-k fill (score 0) is cut only by a `minScore` the caller gave.
      const fill = intent === 'top' && score === 0 && query.minScore === undefined;
      if (score <= minScore && !fill) continue;
    }
    const reason = whyNot(action, { target, user: query.user, context, completed });
    if (reason === undefined) availableCount++;
    if (reason !== undefined && query.include === 'available') continue;
    results.push({
      name,
      action,
      available: reason === undefined,
      ...(reason !== undefined ? { reason } : {}),
      ...(score !== undefined ? { score, relevant: ranked!.relevant.has(name) } : {}),
      order,
    });
  }
  results.sort(
    (a, b) =>
      Number(b.available) - Number(a.available) || (b.score ?? 0) - (a.score ?? 0) || a.order - b.order,
  );
  const limited = Number.isFinite(limit) ? results.slice(0, limit) : results;
  return limited.map(({ order: _order, ...entry }) => entry);
}

/** The ranked names for a query, their scores, and which are relevant. */
interface Ranked {
  readonly names: Iterable<string>;
  readonly scores: ReadonlyMap<string, number>;
  readonly relevant: ReadonlySet<string>;
}

function rankedFor(source: AvailabilitySource, text: string, intent: RankIntent, limit?: number): Ranked {
  if (intent === 'relevant') {
    const scores = source.search(text);
    return { names: bestFirst(scores), scores, relevant: new Set(scores.keys()) };
  }
  const scores = new Map<string, number>();
  const relevant = new Set<string>();
  const take = (matches: readonly RankedMatch[]) => {
    const fresh = new Map<string, number>();
    for (const match of matches) {
      if (scores.has(match.id)) continue;
      scores.set(match.id, match.score);
      fresh.set(match.id, match.score);
      if (match.relevant) relevant.add(match.id);
    }
    return bestFirst(fresh);
  };
  // Ask for a head a few times `limit` (filters may drop some); only when it runs out, for every match.
  const head = limit !== undefined && limit >= 0 ? Math.max(4 * limit, 32) : undefined;
  // Recall first: the matches best first, then every other action (score 0) so `limit` can be filled.
  function* names() {
    const first = source.match(text, head);
    yield* take(first);
    if (head !== undefined && first.length >= head) yield* take(source.match(text));
    for (const name of source.entries.keys()) if (!scores.has(name)) yield name;
  }
  return { names: names(), scores, relevant };
}

function* withActions(
  names: Iterable<string>,
  entries: ReadonlyMap<string, AnyAction>,
): Iterable<[string, AnyAction | undefined]> {
  for (const name of names) yield [name, entries.get(name)];
}

/** The names of a score map by score, highest first (ties in map order); a map already in that order is kept as is. */
function bestFirst(scores: ReadonlyMap<string, number>): string[] {
  const names = [...scores.keys()];
  let previous = Number.POSITIVE_INFINITY;
  for (const score of scores.values()) {
    if (score > previous) return names.sort((a, b) => scores.get(b)! - scores.get(a)!);
    previous = score;
  }
  return names;
}

function whyNot(
  action: AnyAction,
  state: {
    target: Target | undefined;
    user: User | undefined;
    context: Record<string, unknown>;
    completed: ReadonlySet<string> | undefined;
  },
): string | undefined {
  if (state.target && action.scope && action.scope !== state.target.type) {
    return `acts on ${article(action.scope)}, not ${article(state.target.type)}`;
  }
  if (state.user) {
    const refusal = missingRole(action, state.user);
    if (refusal) return refusal;
  }
  // `when` needs the live target for scoped actions; without one, the call itself will check.
  if (!action.scope || state.target) {
    const reason = unavailableReason(action, {
      target: state.target,
      context: state.context,
      user: state.user,
    });
    if (reason !== undefined) return reason;
  }
  if (action.requires && action.requires.length > 0 && state.completed) {
    const missing = action.requires.filter((name) => !state.completed!.has(name));
    if (missing.length > 0) return `needs ${missing.join(', ')} first`;
  }
  return undefined;
}

function describeRef(ref: TargetRef): string {
  return typeof ref === 'string' ? `'${ref}'` : `${ref.type}:${ref.id}`;
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
