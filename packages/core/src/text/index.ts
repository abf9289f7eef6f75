export { actionSyntax, printSyntax, type SyntaxNode } from './action-syntax.js';
export {
  buildSafePrompt,
  type SafePrompt,
  type SafePromptOptions,
  type UntrustedText,
} from './build-safe-prompt.js';
export { type Fence, findFences } from './find-fences.js';
export { type ParseActionsOptions, parseActions } from './parse-actions.js';
export { placeholderText } from './placeholder.js';
export { type JsonRead, readJson } from './read-json.js';
export { type RenderActionsPromptOptions, renderActionsPrompt } from './render-actions-prompt.js';
export { type ObjectSpan, scanObjects } from './scan-objects.js';
export type {
  ActionParseError,
  ActionParseErrorCode,
  ActionTextFormat,
  ParsedActionCall,
  ParsedActions,
  TextSpan,
} from './types.js';
