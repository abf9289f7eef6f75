import type { SuggestedPrompt } from './suggestion-prompts.js';

/** At most `perMinute` model calls per user in any minute. */
export function callBudget(perMinute: number): { take(userId: string): boolean } {
  const calls = new Map<string, number[]>();
  return {
    take(userId) {
      const now = Date.now();
      const recent = (calls.get(userId) ?? []).filter((at) => now - at < 60_000);
      const allowed = recent.length < perMinute;
      if (allowed) recent.push(now);
      if (recent.length > 0) calls.set(userId, recent);
      else calls.delete(userId);
      return allowed;
    },
  };
}

/**
 * The model's prompts for one user, target, last action and list of actions, kept a few minutes: the console asks
 * again after every change it hears of, and the same question should get the same chips without another call.
 */
export function promptCache(options: { readonly size?: number; readonly ttlMs?: number } = {}) {
  const size = options.size ?? 500;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const entries = new Map<string, { readonly prompts: SuggestedPrompt[]; readonly at: number }>();
  return {
    get(key: string): SuggestedPrompt[] | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.at > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.prompts;
    },
    set(key: string, prompts: SuggestedPrompt[]): void {
      entries.delete(key);
      entries.set(key, { prompts, at: Date.now() });
      // The oldest entry goes first (a Map keeps insertion order).
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
  };
}
