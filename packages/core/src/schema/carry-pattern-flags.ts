import type { StandardSchemaV1 } from '@standard-schema/spec';
import { flaglessPattern, loadPatternRewriter } from '#pattern-flags';
import type { JsonSchema } from './types.js';

/** How one conversion to JSON Schema keeps regex flags: options for the vendor, a pass over the result, warnings. */
export interface PatternFlagCarrier {
  /** `libraryOptions` for `~standard.jsonSchema` (zod rewrites each pattern as it converts). */
  readonly libraryOptions?: Record<string, unknown>;
  /** Rewrite the converted schema in place (arktype, whose flags are only in its own JSON). */
  finish(schema: JsonSchema): void;
  /** Patterns whose flags could not be written out exactly, one sentence each. */
  readonly warnings: string[];
  /**
   * Write out the patterns that waited for the rewriter (browser bundles load it on first use): undefined when none
   * wait (any more), else the load, after which calling again writes them.
   */
  written(): Promise<void> | undefined;
}

type Node = Record<string, unknown>;

/**
 * JSON Schema has no regex flags, and zod and arktype drop them when they convert (`/^#[0-9a-f]{6}$/i` becomes
 * `^#[0-9a-f]{6}$`). This carries each flag into the pattern itself (`patternWithoutFlags`), and says which could
 * not be: validation still runs the library's own regex, but the model reads the pattern.
 */
export function patternFlagCarrier(schema: StandardSchemaV1): PatternFlagCarrier {
  const warnings: string[] = [];
  const seen = new Set<string>();
  // Where the rewriter loads on first use (browser bundles): the flags of each pattern met before it was there, by
  // source (null when one source came with two sets of flags), written into the converted schema once it is.
  const late = new Map<string, string | null>();
  let converted: Node | undefined;
  const rewrite = (node: Node, regex: { source: string; flags: string }, path: readonly PropertyKey[]) => {
    if (node.pattern !== regex.source) return;
    const flagless = flaglessPattern(regex.source, regex.flags);
    if (!flagless) {
      const known = late.get(regex.source);
      late.set(regex.source, known === undefined || known === regex.flags ? regex.flags : null);
      return;
    }
    const { pattern, lost } = flagless;
    node.pattern = pattern;
    const message = `${describePath(path)}: the pattern /${regex.source}/${regex.flags} keeps no ${lost.join(', ')} flag in JSON Schema, so the model reads it without (validation still uses the flag)`;
    if (lost.length > 0 && !seen.has(message)) {
      seen.add(message);
      warnings.push(message);
    }
  };
  const rewriteAll = (flagged: ReadonlyMap<string, string | null>) =>
    walk(converted, [], (node, path) => {
      const flags = typeof node.pattern === 'string' ? flagged.get(node.pattern) : undefined;
      if (flags) rewrite(node, { source: node.pattern as string, flags }, path);
    });
  const written = (): Promise<void> | undefined => {
    if (late.size === 0) return undefined;
    const loading = loadPatternRewriter();
    if (loading) return loading.then(written);
    const flagged = new Map(late);
    late.clear();
    rewriteAll(flagged);
    for (const [source, flags] of flagged) {
      if (flags === null)
        warnings.push(
          `the pattern ${source} comes with different flags in two places, so the model reads it without`,
        );
    }
    return undefined;
  };
  const vendor = schema['~standard'].vendor;
  if (vendor === 'zod') {
    const override = (context: { zodSchema: unknown; jsonSchema: Node; path: readonly PropertyKey[] }) => {
      for (const regex of zodRegexes(context.zodSchema)) {
        if (!regex.flags) continue;
        const allOf = Array.isArray(context.jsonSchema.allOf) ? (context.jsonSchema.allOf as Node[]) : [];
        for (const node of [context.jsonSchema, ...allOf]) rewrite(node, regex, context.path);
      }
    };
    // zod copies the nodes it handed to `override`: a late pattern is found again in what it answered.
    return {
      libraryOptions: { override },
      finish: (result) => {
        converted = result;
      },
      warnings,
      written,
    };
  }
  if (vendor === 'arktype') {
    return {
      finish(result) {
        converted = result;
        rewriteAll(arktypeFlags((schema as { json?: unknown }).json));
      },
      warnings,
      written,
    };
  }
  return { finish: () => {}, warnings, written };
}

/** The regexes of a zod string schema's checks (`.regex()`, formats), read defensively from its definition. */
function zodRegexes(zodSchema: unknown): RegExp[] {
  const internals = (zodSchema as { _zod?: { def?: { checks?: unknown[]; pattern?: unknown } } })?._zod;
  const checks = [
    internals?.def,
    ...(internals?.def?.checks ?? []).map((check) => (check as { _zod?: { def?: unknown } })?._zod?.def),
  ];
  return checks.flatMap((def) => {
    const pattern = (def as { pattern?: unknown } | undefined)?.pattern;
    return pattern instanceof RegExp ? [pattern] : [];
  });
}

/** Rule → flags of every flagged pattern in arktype's JSON (`{ rule, flags }`); a rule seen with two is left out. */
function arktypeFlags(json: unknown): Map<string, string> {
  const found = new Map<string, string | null>();
  walk(json as Node, [], (node) => {
    if (typeof node.rule !== 'string' || typeof node.flags !== 'string') return;
    const known = found.get(node.rule);
    found.set(node.rule, known === undefined || known === node.flags ? node.flags : null);
  });
  return new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
}

function walk(
  value: unknown,
  path: readonly PropertyKey[],
  visit: (node: Node, path: readonly PropertyKey[]) => void,
): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, [...path, index], visit);
  } else if (typeof value === 'object' && value !== null) {
    visit(value as Node, path);
    for (const [key, item] of Object.entries(value)) walk(item, [...path, key], visit);
  }
}

/** `properties.color` → `color`; the root is `input`. */
function describePath(path: readonly PropertyKey[]): string {
  const names = path.filter((key) => key !== 'properties').map(String);
  return names.length === 0 ? 'the value' : names.join('.');
}
