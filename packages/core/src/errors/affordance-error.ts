import type { KernelErrorCode } from './error-codes.js';

// A registry-wide symbol, so two copies of the packages (two installs, two bundles, a vm realm) share the brand.
const FAMILY = Symbol.for('affordance.error');

/**
 * The base of every error the Affordance packages throw: a stable `code`, and `isInstance` checks that work across
 * two copies of the packages (they read a brand, not `instanceof`). Constructed directly, it is the kernel's error for
 * a broken protocol or a bad definition, unlike action failures, which are results.
 */
export class AffordanceError<TCode extends string | number = KernelErrorCode> extends Error {
  /** The name a class is known by across copies; every subclass sets its own (and the instances' `name`). */
  static readonly errorName: string = 'AffordanceError';

  override name: string;
  /** Which rule was broken, stable across versions. */
  readonly code: TCode;
  declare readonly [FAMILY]: readonly string[];

  constructor(code: NoInfer<TCode>, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    const names: string[] = [];
    for (
      let type: object | null = new.target;
      type !== null && type !== Error;
      type = Object.getPrototypeOf(type)
    ) {
      if (Object.hasOwn(type, 'errorName')) names.push(String((type as { errorName?: unknown }).errorName));
    }
    this.name = names[0] ?? 'AffordanceError';
    Object.defineProperty(this, FAMILY, { value: names });
  }

  /** @deprecated The same as `code` (errors that had a `kind` keep it until the next major version). */
  get kind(): TCode {
    return this.code;
  }

  /**
   * Whether `value` is an error of this class (or a subclass), made by any copy of the packages:
   * `AffordanceError.isInstance(e)` for the whole family, `PartialJsonError.isInstance(e)` for one class.
   */
  static isInstance<TError>(
    this: { readonly errorName: string; readonly prototype: TError },
    value: unknown,
  ): value is TError {
    if (typeof value !== 'object' || value === null) return false;
    const names = (value as { [FAMILY]?: unknown })[FAMILY];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class the check was called on, a subclass too
    return Array.isArray(names) && names.includes(this.errorName);
  }
}

/**
 * Whether `value` is the kernel's own error (an `AffordanceError` made directly, so its `code` is a
 * `KernelErrorCode`), not one of the family's subclasses, from any copy of the packages.
 */
export function isKernelError(value: unknown): value is AffordanceError<KernelErrorCode> {
  return AffordanceError.isInstance(value) && value[FAMILY][0] === AffordanceError.errorName;
}
