export { maskSecrets, REDACTED } from './mask-secrets.js';
export { redactText } from './redact-value.js';
export { isSecretKey } from './secret-keys.js';
