/** Refuse a write to a snapshot view. */
export function readOnly(): never {
  throw new TypeError(
    'a partial JSON snapshot is read-only; copy it (e.g. JSON.parse(JSON.stringify(value))) to change it',
  );
}

/** The proxy traps every snapshot view shares: each kind of write throws a `TypeError`. */
export class ReadOnlyTraps {
  set(): boolean {
    return readOnly();
  }

  defineProperty(): boolean {
    return readOnly();
  }

  deleteProperty(): boolean {
    return readOnly();
  }

  setPrototypeOf(): boolean {
    return readOnly();
  }

  preventExtensions(): boolean {
    return readOnly();
  }
}
