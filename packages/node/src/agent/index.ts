export { createModelFromConfig, createModelFromEnv } from './create-model-from-env.js';
export { checkGitClean, type GitCleanOptions, gitCleanValidator } from './git-clean.js';
export { ModelConfigError, type ModelConfigErrorCode } from './model-config-error.js';
export { type ModelConfig, modelConfigFromEnv } from './model-config-from-env.js';
export { nodeCompletionValidators } from './node-completion-validators.js';
export { type CommandOutcome, type RunCommandOptions, runCommand } from './run-command.js';
export { checkTestsPass, type TestsPassOptions, testsPassValidator } from './tests-pass.js';
