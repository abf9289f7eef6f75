/**
 * Whether a regular expression is safe from catastrophic backtracking as safe-regex2 judges it (star height at
 * most one, at most `limit` quantifiers; a pattern its parser refuses is unsafe), without its dependency `ret`
 * (14 kB of every browser bundle). It reads the pattern as ret 0.5 does: escapes first turned into characters,
 * `?` `*` `+` `{n,m}` each a repetition of the token before (so a lazy `*?` repeats a repetition), groups
 * `(` `(?:` `(?=` `(?!` `(?<name>` and no others, alternatives with `|`, character classes skipped whole.
 * Differentially tested against safe-regex2 in safe-pattern.test.ts.
 */
export function isSafePattern(source: string, limit = 25): boolean {
  const text = charsOf(source);
  // Each level (the root, then one per open group) lists its tokens; `open` is false where a quantifier has
  // nothing to repeat (start of a group or of an alternative: ret throws).
  const levels: Array<{ tokens: Token[]; open: boolean }> = [{ tokens: [], open: false }];
  const level = () => levels[levels.length - 1]!;
  const push = (token: Token) => {
    level().tokens.push(token);
    level().open = true;
  };
  const repeat = (): boolean => {
    const { tokens, open } = level();
    if (!open) return false;
    const last = tokens[tokens.length - 1]!;
    // safe-regex2 walks into a repeated group, never into a repeated repetition or character.
    tokens[tokens.length - 1] = last.group
      ? { group: false, height: last.height + 1, count: last.count + 1 }
      : { group: false, height: 1, count: 1 };
    return true;
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index++]!;
    if (char === '\\') {
      if (index === text.length) return false;
      const escaped = text[index++]!;
      if (/\d/.test(escaped)) while (index < text.length && /\d/.test(text[index]!)) index++;
      push(LEAF);
    } else if (char === '[') {
      if (text[index] === '^') index++;
      const end = classEnd(text, index);
      if (end === undefined) return false;
      index = end;
      push(LEAF);
    } else if (char === '(') {
      if (text[index] === '?') {
        const kind = text[index + 1];
        index += 2;
        if (kind === '<') {
          if (!/^[a-zA-Z_$]$/.test(text[index] ?? '')) return false;
          while (index < text.length && /^[a-zA-Z0-9_$]$/.test(text[index]!)) index++;
          if (text[index] !== '>') return false;
          index++;
        } else if (kind !== '=' && kind !== '!' && kind !== ':') return false;
      }
      levels.push({ tokens: [], open: false });
    } else if (char === ')') {
      if (levels.length === 1) return false;
      push({ group: true, ...measure(levels.pop()!.tokens) });
    } else if (char === '|') {
      level().open = false;
    } else if (char === '{') {
      const bounds = /^(\d+)(,(\d+)?)?\}/.exec(text.slice(index));
      if (!bounds) push(LEAF);
      else {
        index += bounds[0].length;
        if (!repeat()) return false;
      }
    } else if (char === '?' || char === '+' || char === '*') {
      if (!repeat()) return false;
    } else push(LEAF); // a character, `.`, `^` or `$` (ret lets a position be repeated too)
  }
  if (levels.length !== 1) return false;
  const { height, count } = measure(level().tokens);
  return height <= 1 && count <= limit;
}

/** A token as safe-regex2 sees it: the star height it reaches and the repetitions it counts. */
interface Token {
  readonly group: boolean;
  readonly height: number;
  readonly count: number;
}

const LEAF: Token = { group: false, height: 0, count: 0 };

function measure(tokens: readonly Token[]): { height: number; count: number } {
  let height = 0;
  let count = 0;
  for (const token of tokens) {
    height = Math.max(height, token.height);
    count += token.count;
  }
  return { height, count };
}

// ret's first pass: `\uXXXX`, `\xXX`, `\cX`, `\0 \t \n \v \f \r` and `[\b]` become the characters (escaped when special).
function charsOf(source: string): string {
  const CTRL = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^ ?';
  return source.replace(
    /(\[\\b\])|(\\)?\\(?:u([A-F0-9]{4})|x([A-F0-9]{2})|c([@A-Z[\\\]^?])|([0tnvfr]))/g,
    (whole, backspace, escaped, u, x, control, letter) => {
      if (escaped) return whole;
      const code = backspace
        ? 8
        : u
          ? Number.parseInt(u, 16)
          : x
            ? Number.parseInt(x, 16)
            : control
              ? CTRL.indexOf(control)
              : ({ 0: 0, t: 9, n: 10, v: 11, f: 12, r: 13 } as Record<string, number>)[letter]!;
      const char = String.fromCharCode(code);
      return /[[\]{}^$.|?*+()]/.test(char) ? `\\${char}` : char;
    },
  );
}

// Where ret's class tokenizer stops: after the first `]` that is not escaped nor the end of a range.
function classEnd(text: string, from: number): number | undefined {
  const token =
    /\\(?:(w)|(d)|(s)|(W)|(D)|(S))|((?:(?:\\)(.)|([^\]\\]))-(((?:\\)])|(((?:\\)?([^\]])))))|(\])|(?:\\)?([\s\S])/g;
  const rest = text.slice(from);
  for (let match = token.exec(rest); match !== null; match = token.exec(rest)) {
    if (match[15] !== undefined) return from + token.lastIndex;
  }
  return undefined;
}
