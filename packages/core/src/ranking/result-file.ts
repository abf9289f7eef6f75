import { bestFirst } from './group-context.js';
import { tokenize } from './tokenize.js';
import type { RankDocument, RankedMatch } from './types.js';

/** The file writers of a ranker's documents, and how much one is lifted for a request that names its result's file. */
export interface ResultFile {
  add(document: Pick<RankDocument, 'id' | 'name' | 'parameters'>): void;
  remove(id: string): void;
  /** `withResultFile` over these writers. */
  lift(query: string, matches: readonly RankedMatch[], limit: number): RankedMatch[];
}

// A file path (a slash, and a name with an extension) that a destination word leads ("to", "in", "into", "as", "at",
// "under", "onto") and that ends a sentence of the request: "… and save it to /root/markdown/report.md", "… in
// `~/code/app.ts`. Use context7". A path inside a URL is not one; nor is a folder, a path the request goes on from
// ("Read /root/a.pdf and find …"), or one it names as what to read ("Read /root/a.pdf.").
const RESULT_PATH =
  /\b(?:to|in|into|as|at|under|onto)\s+[`'"“‘]?(?:~|\.{1,2}|[A-Za-z]:)?[/\\][^\s`'"“”‘’,;]*\.[A-Za-z][A-Za-z0-9]{0,4}[`'"”’)]?(?:[.!?]*\s*$|[.!?]+\s)/iu;

/** Whether a request ends a sentence with a file path: where its result goes. */
export const namesResultFile = (query: string): boolean => RESULT_PATH.test(query);

// The verbs of an action that puts content into a file.
const WRITES: ReadonlySet<string> = new Set(['write', 'save', 'creat', 'export', 'store']);
// A dotted name's own part (what follows the namespace).
const OWN_NAME = /\.([A-Za-z_][^.]*)$/;

/**
 * Whether an action is a file writer: its own name is a writing verb and "file" and nothing else (`write_file`,
 * `saveFile`, `create_file`), and it takes a required parameter (where, and what, to write). A writer of something
 * more specific (`save_presentation`, `excel_write_to_sheet`) is found by the words of its object.
 */
export function isFileWriter(document: Pick<RankDocument, 'name' | 'parameters'>): boolean {
  const own = tokenize(OWN_NAME.exec(document.name)?.[1] ?? document.name);
  return (
    own.length === 2 &&
    own.includes('file') &&
    own.some((term) => WRITES.has(term)) &&
    document.parameters.some((parameter) => parameter.required)
  );
}

/** File writers kept in step with a ranker's documents; `weight` 0 turns the lift off. */
export function createResultFile(weight: number): ResultFile {
  if (!(weight >= 0 && weight <= 1)) throw new RangeError('resultFile must be at least 0 and at most 1');
  const writers = new Set<string>();
  return {
    add(document) {
      if (weight > 0 && isFileWriter(document)) writers.add(document.id);
      else writers.delete(document.id);
    },
    remove: (id) => writers.delete(id),
    lift: (query, matches, limit) => withResultFile(query, matches, writers, weight, limit),
  };
}

/**
 * A request's matches with one file writer lifted when the request ends a sentence with a file path ("… and save
 * it to /root/markdown/report.md"): the file is where a step puts the result of the others, which the writer does,
 * though the request names it by the result ("save it", "a Markdown report") rather than by writing a file. The
 * writer the request matched best (else the first added) gets at least `weight` times the best match's score, never
 * above it; one the request did not match comes in (not relevant). Best first, at most `limit`; unchanged when the
 * request names no such path or the registry has no writer.
 */
export function withResultFile(
  query: string,
  matches: readonly RankedMatch[],
  writers: ReadonlySet<string>,
  weight: number,
  limit: number,
): RankedMatch[] {
  const head = matches[0];
  if (weight <= 0 || !head || writers.size === 0 || !namesResultFile(query)) return matches.slice(0, limit);
  // The writer the request matched best: matches are best first.
  const writer = matches.find((match) => writers.has(match.id))?.id ?? writers.values().next().value!;
  const lift = weight * head.score;
  let found = false;
  const lifted = matches.map((match) => {
    if (match.id !== writer) return match;
    found = true;
    return { ...match, score: Math.min(head.score, match.score + lift) };
  });
  if (!found) lifted.push({ id: writer, score: lift, relevant: false });
  return bestFirst(lifted, limit);
}
