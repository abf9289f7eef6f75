/**
 * Close JSON text that was cut off (a model hit its token limit): end an open string, drop a dangling `,` or `:`
 * (a key without a value becomes `null`), and close the open arrays and objects. Linear time; the result may still
 * be invalid when the text was broken before it was cut.
 */
export function completeTruncated(raw: string): string {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') closers.push('}');
    else if (char === '[') closers.push(']');
    else if (char === '}' || char === ']') closers.pop();
  }
  let text = raw;
  if (inString) text += escaped ? '\\"' : '"';
  text = text.trimEnd();
  if (text.endsWith(',')) text = text.slice(0, -1);
  else if (text.endsWith(':')) text += 'null';
  return text + closers.reverse().join('');
}
