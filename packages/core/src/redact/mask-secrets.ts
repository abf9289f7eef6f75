/** What a secret is replaced by. */
export const REDACTED = '[redacted]';

// Shorter text cannot hold anything below (the shortest, `pwd=1234`, is 8 characters).
const MIN_LENGTH = 8;

// Secrets recognised by their shape whatever their key, each replaced whole.
const TOKEN_SOURCES = [
  // PEM private keys, to their end line (or the end of the text when it was cut).
  '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)',
  // JSON Web Tokens: header and payload are base64url JSON objects (`eyJ` is `{"`).
  '\\beyJ[A-Za-z0-9_-]{4,}\\.eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*',
  // OpenAI and Anthropic keys (`sk-…`, `sk-proj-…`, `sk-ant-…`), Stripe secret and restricted keys.
  '\\bsk-[A-Za-z0-9_-]{16,}',
  '\\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}',
  // GitHub tokens: classic (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and fine-grained.
  '\\bgh[pousr]_[A-Za-z0-9]{30,}',
  '\\bgithub_pat_[A-Za-z0-9_]{20,}',
  // AWS access key ids, Slack tokens, Google API keys.
  '\\b(?:AKIA|ASIA)[A-Z0-9]{16}\\b',
  '\\bxox[abposr]-[A-Za-z0-9-]{10,}',
  '\\bAIza[0-9A-Za-z_-]{35}',
];
const TOKENS_ALL = new RegExp(TOKEN_SOURCES.join('|'), 'g');

// Secrets recognised by what stands before them; only the secret part is replaced.
// `Bearer <token>`, and a whole text that is a `Basic` credential.
const SCHEME = /\b([Bb]earer\s+)[A-Za-z0-9._~+/-]{8,}=*|^(Basic\s+)(?=\S*[A-Z0-9+/=])[A-Za-z0-9+/]{6,}=*$/g;
// The password of a URL: `postgres://user:pass@host` keeps everything but `pass`.
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/@]+(?=@)/gi;
// `password=…`, `pwd: …`, `?token=…&`, `"api_key": "…"`: the value after a secret name and `=` or `:`.
const ASSIGNMENT =
  /(\b(?:password|passwd|pwd|pass|secret|token|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key|sig)["']?\s*[=:]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s"'&;,}]+)/gi;
// All of them in one test (case-insensitive: a little wider than the replacements, never narrower).
const DETECT = new RegExp(
  [...TOKEN_SOURCES, SCHEME.source, URL_PASSWORD.source, ASSIGNMENT.source].join('|'),
  'i',
);

/**
 * Whether text holds something shaped like a secret: a PEM private key, a JWT, an `sk-…`, GitHub, AWS, Slack or
 * Google key, a `Bearer` token, a URL with a password, or `password=…`-style assignments.
 */
export function looksSecret(text: string): boolean {
  return text.length >= MIN_LENGTH && DETECT.test(text);
}

/**
 * Text with every secret `looksSecret` finds replaced by "[redacted]" — a URL keeps all but its password, a
 * `Bearer` header its scheme, an assignment its name — and the same string when there is none.
 */
export function maskSecrets(text: string): string {
  if (!looksSecret(text)) return text;
  return text
    .replace(TOKENS_ALL, REDACTED)
    .replace(SCHEME, (_match, bearer?: string, basic?: string) => `${bearer ?? basic ?? ''}${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}`)
    .replace(ASSIGNMENT, (_match, name: string, value: string) =>
      value === REDACTED || value === `"${REDACTED}"`
        ? `${name}${value}`
        : value.startsWith('"')
          ? `${name}"${REDACTED}"`
          : `${name}${REDACTED}`,
    );
}
