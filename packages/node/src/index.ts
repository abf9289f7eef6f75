export {
  type CommandOutcome,
  checkGitClean,
  checkTestsPass,
  createModelFromConfig,
  createModelFromEnv,
  type GitCleanOptions,
  gitCleanValidator,
  type ModelConfig,
  ModelConfigError,
  type ModelConfigErrorCode,
  modelConfigFromEnv,
  nodeCompletionValidators,
  type RunCommandOptions,
  runCommand,
  type TestsPassOptions,
  testsPassValidator,
} from './agent/index.js';
export { createFileAppender, type FileAppenderOptions } from './create-file-appender.js';
export {
  createNodeConfiguredActions,
  type NodeConfiguredActionsOptions,
} from './create-node-configured-actions.js';
export { type LoadAgentConfigOptions, type LoadedAgentConfig, loadAgentConfig } from './load-agent-config.js';
export {
  type LoadedWordVectors,
  type LoadWordVectorsOptions,
  loadWordVectors,
  WORD_VECTORS_PACKAGE,
  WordVectorsError,
} from './load-word-vectors.js';
export {
  type BackgroundSynonyms,
  backgroundSynonyms,
  type LoadWordNetOptions,
  loadWordNetSynonyms,
  WORDNET_PACKAGE,
} from './load-wordnet-synonyms.js';
