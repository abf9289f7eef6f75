export {
  createScriptedModel,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedReply,
  type ScriptedToolCall,
} from './create-scripted-model.js';
