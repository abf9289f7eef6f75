// The words that make a key secret wherever they stand in it (`githubToken`, `db_password`, `Set-Cookie`).
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'passw',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'tokens',
  'credential',
  'credentials',
  'creds',
  'cookie',
  'cookies',
  'auth',
  'oauth',
  'authorization',
  'authentication',
  'bearer',
  'session',
  'sessions',
  'sessid',
  'jwt',
  'otp',
  'apikey',
  'privatekey',
  'secretkey',
  'accesskey',
]);

// Run-together words ending so are secret too (`authtoken`, `clientsecret`, `dbpassword`).
const SECRET_ENDINGS = ['token', 'secret', 'password', 'passwd', 'cookie'];

// `key` is secret after a qualifier (`apiKey`, `privateKey`, `OPENAI_API_KEY`) unless the qualifier says it names
// a place in data rather than a credential (`sortKey`, `primaryKey`, `publicKey`); `key` alone is not secret.
const PLAIN_KEY_QUALIFIERS = new Set([
  'public',
  'primary',
  'foreign',
  'sort',
  'partition',
  'hash',
  'range',
  'cache',
  'idempotency',
  'lookup',
  'map',
  'group',
  'shortcut',
  'hot',
  'object',
  'row',
  'index',
  'unique',
  'composite',
  'dedupe',
  'dedup',
  'translation',
  'message',
  'storage',
  'list',
  'item',
  'cursor',
  'page',
  'event',
  'column',
  'field',
  'record',
  'entity',
  'table',
]);

// A last word that makes the key describe a secret rather than hold one (`sessionId`, `tokenCount`, `authType`).
const DESCRIBING_ENDINGS = new Set([
  'id',
  'ids',
  'count',
  'counts',
  'limit',
  'limits',
  'length',
  'size',
  'type',
  'types',
  'kind',
  'name',
  'names',
  'url',
  'uri',
  'endpoint',
  'path',
  'file',
  'method',
  'mode',
  'provider',
  'scheme',
  'format',
  'expiry',
  'expires',
  'expiration',
  'ttl',
  'at',
  'enabled',
  'required',
  'policy',
  'used',
  'usage',
  'budget',
  'max',
  'min',
  'remaining',
  'status',
  'version',
  'scope',
  'scopes',
  'label',
  'env',
]);

// A first word that makes the key a count or a flag (`maxTokens`, `promptTokens`, `hasPassword`, `useAuth`).
const DESCRIBING_STARTS = new Set([
  'max',
  'min',
  'num',
  'total',
  'input',
  'output',
  'prompt',
  'completion',
  'cached',
  'reasoning',
  'is',
  'has',
  'use',
  'uses',
  'allow',
  'enable',
  'disable',
  'show',
  'hide',
  'require',
  'requires',
]);

const judged = new Map<string, boolean>();
const MAX_JUDGED = 10_000;

/**
 * Whether a key names a secret, judged on its words (split at case changes, digits, `_`, `-`, `.` and spaces): a
 * secret word anywhere (`password`, `pwd`, `token`, `secret`, `credential`, `cookie`, `auth`, `bearer`, `session`
 * …), or `key` after a qualifier that is not a data word (`apiKey` yes, `sortKey` no) — unless the last word
 * describes the secret (`sessionId`, `tokenCount`) or the first makes it a count or flag (`maxTokens`,
 * `hasPassword`). `keyboard`, `monkey` and `author` are single words of their own, so not secret.
 */
export function isSecretKey(key: string): boolean {
  let secret = judged.get(key);
  if (secret === undefined) {
    secret = judge(wordsOf(key));
    if (judged.size >= MAX_JUDGED) judged.clear();
    judged.set(key, secret);
  }
  return secret;
}

/** The lower-case words of a key: `OPENAI_API_KEY` → openai, api, key; `githubToken2` → github, token, 2. */
export function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])|([0-9])([A-Za-z])/g, '$1$3 $2$4')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function judge(words: readonly string[]): boolean {
  const last = words.at(-1);
  if (last === undefined) return false;
  if (words.length > 1 && (DESCRIBING_ENDINGS.has(last) || DESCRIBING_STARTS.has(words[0]!))) return false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (SECRET_WORDS.has(word)) return true;
    if (SECRET_ENDINGS.some((ending) => word.length > ending.length && word.endsWith(ending))) return true;
    if ((word === 'key' || word === 'keys') && index > 0 && !PLAIN_KEY_QUALIFIERS.has(words[index - 1]!))
      return true;
  }
  return false;
}
