/**
 * The raw tokens of a request's text between quotes, as `query-terms.ts` reads them with regular expressions (a
 * letter or digit, then letters, digits, apostrophes, underscores, dots and hyphens), each told whether it looks like
 * a value (it has a digit, or is capitalised but not all capitals and does not start a sentence). For text of ASCII
 * characters only, by char codes: the same tokens and flags without a regular expression per token (the expressions'
 * `\p{L}`, `\p{N}`, `\p{Lu}` and `\s` mean only these letters, digits, capitals and spaces there).
 */
export function visitAsciiTokens(text: string, visit: (raw: string, value: boolean) => void): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    const first = text.charCodeAt(at);
    if (!isLetterOrDigit(first)) {
      at++;
      continue;
    }
    const start = at;
    let digit = isDigit(first);
    let capitals = isCapital(first) ? 1 : 0;
    at++;
    for (; at < length; at++) {
      const code = text.charCodeAt(at);
      if (isLetterOrDigit(code)) {
        if (isDigit(code)) digit = true;
        else if (isCapital(code)) capitals++;
      } else if (!(code === 39 || code === 95 || code === 46 || code === 45)) break; // ' _ . -
    }
    const raw = text.slice(start, at);
    // Capitalised: a first capital, not all capitals, and not where a sentence starts.
    const capitalised = isCapital(first) && capitals < raw.length && !startsSentence(text, start);
    visit(raw, digit || capitalised);
  }
}

/** Whether a token at `at` starts the text or follows a sentence's end (`.!?:;` and spaces) in the 3 characters before. */
function startsSentence(text: string, at: number): boolean {
  if (at === 0) return true;
  const from = Math.max(0, at - 3);
  let before = at - 1;
  while (before >= from && isSpace(text.charCodeAt(before))) before--;
  if (before < from) return false;
  const code = text.charCodeAt(before);
  return code === 46 || code === 33 || code === 63 || code === 58 || code === 59; // . ! ? : ;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isCapital = (code: number) => code >= 65 && code <= 90;
const isLetterOrDigit = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
// Tab, line feed, vertical tab, form feed, carriage return and space: what `\s` matches among ASCII characters.
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
