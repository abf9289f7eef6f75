// The README's "Five minutes" block, and what it says it prints: each `// →` comment (with its `//   ` lines) is
// the output of the statement above it, `…` standing for anything.

/** The first ```ts block under the heading `## Five minutes`, as a user would copy it. */
export function fiveMinutesSnippet(readme) {
  const start = readme.indexOf('\n## Five minutes');
  if (start === -1) throw new Error('README.md has no "## Five minutes" section');
  const open = readme.indexOf('\n```ts\n', start);
  const close = readme.indexOf('\n```\n', open + 1);
  if (open === -1 || close === -1) throw new Error('the "Five minutes" section has no ```ts block');
  return `${readme.slice(open + '\n```ts\n'.length, close)}\n`;
}

/** The first ```ts or ```tsx block under a package README's `## Example` heading, and its language. */
export function exampleSnippet(readme) {
  const match = /\n## Example\n[\s\S]*?\n```(tsx?)\n([\s\S]*?)\n```\n/.exec(readme);
  return match ? { language: match[1], code: `${match[2]}\n` } : undefined;
}

/** The outputs a snippet promises, in order: the text of each `// →` comment and the `//   ` lines after it. */
export function promisedOutputs(snippet) {
  const outputs = [];
  let current;
  for (const line of snippet.split('\n')) {
    const arrow = /^\s*\/\/ → ?(.*)$/.exec(line);
    const more = /^\s*\/\/ {3,}(.*)$/.exec(line);
    if (arrow) {
      current = [arrow[1]];
      outputs.push(current);
    } else if (more && current) current.push(more[1]);
    else current = undefined;
  }
  return outputs.map((lines) => lines.join('\n'));
}

/**
 * The first promise that `output` does not show, in order, or undefined when it shows them all. Whitespace is
 * ignored on both sides (console.log wraps objects at its own width; the README wraps at its), and `…` in a
 * promise matches any text.
 */
export function missingOutput(output, promises) {
  const squeeze = (text) => text.replace(/\s+/g, '');
  const printed = squeeze(output);
  let from = 0;
  for (const promise of promises) {
    const pieces = squeeze(promise)
      .split('…')
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const match = new RegExp(pieces.join('[\\s\\S]*?')).exec(printed.slice(from));
    if (!match) return promise;
    from += match.index + match[0].length;
  }
  return undefined;
}
