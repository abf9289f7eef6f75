import { splitWords } from './tokenize.js';
import type { RankParameter } from './types.js';

/**
 * A file path ("/root/markdown/antd_tutorial.md", "~/notes", "./src"), a file name with a common extension
 * ("report.pdf", "data.csv") or a web address ("https://…"): where the action is to read or write.
 */
const LOCATION =
  /(?:^|[\s(])(?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.@-]*)*|\b[\w-]+\.(?:md|pdf|docx?|pptx?|xlsx?|csv|json|txt|py|ts|js|html?|png|jpe?g)\b|\bhttps?:\/\/\S+/i;

/** Whether a request states a location: a file path, a file name with an extension or a web address. */
export function statesLocation(query: string): boolean {
  return LOCATION.test(query);
}

/** Words of a parameter's name that say it takes a location. */
const LOCATION_WORDS: ReadonlySet<string> = new Set(
  'path paths filepath filename file files dir directory url urls uri link links href'.split(' '),
);

/**
 * Whether an action needs a location: one of its required parameters is named for one (`path`, `file_path`,
 * `directory`, `url`; a word of the name, so `profile` is not).
 */
export function takesLocation(parameters: readonly RankParameter[]): boolean {
  return parameters.some(
    (parameter) =>
      parameter.required === true && splitWords(parameter.name).some((word) => LOCATION_WORDS.has(word)),
  );
}
