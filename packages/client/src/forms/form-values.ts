import type { FormField } from './form-fields.js';

/** A target a scoped action's form offers in its picker when no target is in view. */
export interface TargetOption {
  readonly type: string;
  readonly id: string;
  /** What the picker shows (default: the id). */
  readonly label?: string;
}

/**
 * Starting values of an action's form for a target (e.g. the target's current state): fields of the same name
 * start from them, the schema's defaults fill the rest.
 */
export type FormValues = (
  entry: { readonly name: string; readonly scope?: string },
  targetId: string | undefined,
) => Readonly<Record<string, unknown>> | undefined;

/** The raw control values a form starts with: `values` where they name a field, else the schema's defaults. */
export function startingValues(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>> | undefined,
): Record<string, string | boolean> {
  const raw: Record<string, string | boolean> = {};
  for (const field of fields) {
    const key = field.path.join('.');
    const given = valueAt(values, field.path);
    const value = given === undefined ? field.defaultValue : given;
    if (field.kind === 'boolean') raw[key] = value === true;
    else if (value !== undefined && value !== null)
      raw[key] = field.kind === 'json' || typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return raw;
}

function valueAt(values: Readonly<Record<string, unknown>> | undefined, path: readonly string[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
