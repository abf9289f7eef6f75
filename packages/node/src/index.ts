export { createFileAppender, type FileAppenderOptions } from './create-file-appender.js';
export {
  createNodeConfiguredActions,
  type NodeConfiguredActionsOptions,
} from './create-node-configured-actions.js';
export { type LoadAgentConfigOptions, type LoadedAgentConfig, loadAgentConfig } from './load-agent-config.js';
