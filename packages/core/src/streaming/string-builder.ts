/**
 * The text of the string being parsed. A high surrogate is held back until the next code unit arrives, so
 * the visible text never ends in half a pair; a string grown from many small deltas is flattened now and
 * then (amortized O(1) per character) so the engine does not keep one rope node per delta.
 */
export class StringBuilder {
  text = '';
  private held = '';
  private pieces = 0;
  // Written so the engine cannot drop the read that flattens the rope.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: see above
  private flattened = 0;

  reset(): void {
    this.text = '';
    this.held = '';
    this.pieces = 0;
  }

  /** Add decoded text after any held surrogate; true when the visible text changed. */
  append(run: string): boolean {
    if (run === '') return false;
    this.release();
    this.text += run;
    if (++this.pieces > 64 && this.pieces * 8 > this.text.length) {
      this.flattened = this.text.charCodeAt(0);
      this.pieces = 0;
    }
    return true;
  }

  /** Hold a high surrogate back (releasing one held before); true when the visible text changed. */
  hold(unit: string): boolean {
    const released = this.release();
    this.held = unit;
    return released;
  }

  /** The string is complete: flatten it if it was built from several pieces, so it is kept as one flat string. */
  finish(): void {
    if (this.pieces > 1) this.flattened = this.text.charCodeAt(0);
  }

  /** Add the held surrogate, if any: its pair is not coming (or is already in `text`'s next piece). */
  release(): boolean {
    if (this.held === '') return false;
    this.text += this.held;
    this.held = '';
    return true;
  }
}
