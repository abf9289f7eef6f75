/** A provider's rule for tool names. */
export interface NameRule {
  readonly pattern: RegExp;
  readonly maxLength: number;
}

/** OpenAI (Chat and Responses), also used for AG-UI tools (which an agent hands on to a model): `^[a-zA-Z0-9_-]{1,64}$`. */
export const OPENAI_NAMES: NameRule = { pattern: /^[a-zA-Z0-9_-]{1,64}$/, maxLength: 64 };
/** Gemini: OpenAI's rule, and the first character must be a letter or `_`. */
export const GEMINI_NAMES: NameRule = { pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/, maxLength: 64 };
/** Anthropic: `^[a-zA-Z0-9_-]{1,128}$`. */
export const ANTHROPIC_NAMES: NameRule = { pattern: /^[a-zA-Z0-9_-]{1,128}$/, maxLength: 128 };
/** MCP (SEP-986): letters, digits, `_`, `-`, `.`, 1–128 characters. */
export const MCP_NAMES: NameRule = { pattern: /^[a-zA-Z0-9_.-]{1,128}$/, maxLength: 128 };

/**
 * Make every name legal under `rule`, deterministically and without collisions: illegal characters become
 * `_`, long names are cut and given a short hash, clashes get `_2`, `_3`, … Returns original → legal.
 */
export function legalizeNames(names: Iterable<string>, rule: NameRule): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  const pending: string[] = [];
  for (const name of names) {
    if (result.has(name)) continue;
    if (rule.pattern.test(name) && !taken.has(name)) {
      result.set(name, name);
      taken.add(name);
    } else pending.push(name);
  }
  for (const name of pending) {
    let legal = name.replace(/[^a-zA-Z0-9_-]/g, '_');
    if (legal === '') legal = 'tool';
    // A rule may refuse some first characters (Gemini: digits, `-`) that it allows later on.
    if (!rule.pattern.test(legal[0]!)) legal = `_${legal}`;
    if (legal.length > rule.maxLength) legal = `${legal.slice(0, rule.maxLength - 9)}_${hash(name)}`;
    let candidate = legal;
    for (let n = 2; taken.has(candidate) || !rule.pattern.test(candidate); n++) {
      const suffix = `_${n}`;
      candidate = `${legal.slice(0, rule.maxLength - suffix.length)}${suffix}`;
      if (n > 10_000) throw new Error(`cannot find a legal name for ${name}`);
    }
    result.set(name, candidate);
    taken.add(candidate);
  }
  return result;
}

/** Legal names for every source under `rule`: qualified → legal (to build tools) and legal → qualified (`names`). */
export function toolNameTables(
  sources: ReadonlyArray<{ readonly name: string }>,
  rule: NameRule,
): { legalOf: ReadonlyMap<string, string>; names: ReadonlyMap<string, string> } {
  const legalOf = legalizeNames(
    sources.map((source) => source.name),
    rule,
  );
  const names = new Map<string, string>();
  for (const [original, legal] of legalOf) names.set(legal, original);
  return { legalOf, names };
}

/** 8 hex digits of FNV-1a: short, stable, good enough to tell cut names apart. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
