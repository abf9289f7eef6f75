type Literal = readonly [text: string, value: boolean | null];

const TRUE: Literal = ['true', true];
const FALSE: Literal = ['false', false];
const NULL: Literal = ['null', null];

/** `true`, `false` or `null` being read across chunks, one character at a time. */
export class LiteralReader {
  /** The literal's whole text. */
  text = '';
  value: boolean | null = null;
  /** A character did not match: `read` stopped at it. */
  broken = false;
  private index = 0;

  /** Start the literal whose first character is `code` (`t`, `f` or `n`); false when no literal starts so. */
  begin(code: number): boolean {
    const literal = code === 0x74 ? TRUE : code === 0x66 ? FALSE : code === 0x6e ? NULL : undefined;
    if (!literal) return false;
    [this.text, this.value] = literal;
    this.index = 1;
    this.broken = false;
    return true;
  }

  /** Read from `index`: the index after the literal's last character here, or of the first one that broke it. */
  read(chunk: string, index: number): number {
    const { text } = this;
    const length = chunk.length;
    for (; index < length && this.index < text.length; index++, this.index++) {
      if (chunk[index] !== text[this.index]) {
        this.broken = true;
        return index;
      }
    }
    return index;
  }

  /** Every character of the literal has been read. */
  get complete(): boolean {
    return this.index === this.text.length;
  }

  /** What the literal needs next, e.g. `'u'`. */
  get expects(): string {
    return `'${this.text[this.index]}'`;
  }
}
