import { gitCleanValidator } from './git-clean.js';
import { testsPassValidator } from './tests-pass.js';

/** The built-in named completion validators for `runAgent({ completion: { validators } })`. */
export const nodeCompletionValidators = {
  'git-clean': gitCleanValidator,
  'tests-pass': testsPassValidator,
} as const;
