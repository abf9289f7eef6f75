// Synthetic growth of a real tool set (Seal-Tools, see datasets.ts) for scale measurements.
import type { ActionDefinition, JsonSchema } from '@affordance/core';

const SUFFIXES = ['V2', 'Legacy', 'Batch', 'Async', 'Preview', 'Internal', 'ForTeam', 'Bulk', 'Lite', 'Pro'];

/** A small seeded random generator (mulberry32), so every run grows the same set. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The real actions followed by perturbed copies until there are `count`: each copy renames a real action with a
 * suffix, drops about a fifth of its description's words and appends words from another action's description.
 */
export function growActions(real: readonly ActionDefinition[], count: number, seed = 7): ActionDefinition[] {
  const random = seededRandom(seed);
  const grown: ActionDefinition[] = [...real];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const perturb = (text: string, donor: string) => {
    const kept = text.split(/\s+/).filter(() => random() > 0.2);
    const borrowed = donor.split(/\s+/);
    const start = Math.floor(random() * Math.max(1, borrowed.length - 4));
    return [...kept, ...borrowed.slice(start, start + 4)].join(' ');
  };
  for (let copy = 0; grown.length < count; copy++) {
    const source = real[copy % real.length]!;
    const donor = pick(real);
    const input = source.input as JsonSchema | undefined;
    const properties = (input?.properties ?? {}) as Record<string, { type: string; description: string }>;
    grown.push({
      ...source,
      name: `${source.name}${pick(SUFFIXES)}${Math.floor(copy / real.length) + 1}`,
      description: perturb(source.description, donor.description),
      input: {
        ...input,
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [
            key,
            { ...value, description: perturb(value.description ?? '', donor.description) },
          ]),
        ),
      },
    });
  }
  return grown.slice(0, count);
}
