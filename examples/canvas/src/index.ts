export {
  type BlockResult,
  blockAction,
  blockResultForModel,
  type CanvasContext,
  documentsOf,
  EDITORS,
  LOCKED_REASON,
  READERS,
  ROLES,
  saveBlock,
  whenEditable,
} from './actions/block-action.js';
export { blockLifecycleActions, DUPLICATE_OFFSET } from './actions/block-lifecycle-actions.js';
export { canvasActions } from './actions/canvas-actions.js';
export {
  addAltText,
  addCaption,
  checkCropFits,
  crop,
  imageActions,
  updateSource,
} from './actions/image-actions.js';
export {
  convertToCode,
  formatHeading,
  insertLink,
  markdownActions,
  updateContent,
} from './actions/markdown-actions.js';
export { normalizeDegrees, resize, rotate, shapeActions, updateColor } from './actions/shape-actions.js';
export {
  type CanvasRegistry,
  type CanvasRegistryOptions,
  createCanvasRegistry,
  DEMO_USERS,
} from './create-canvas-registry.js';
export {
  insertLink as linkMarkdown,
  isCodeBlock,
  setHeading,
  toCodeBlock,
} from './markdown/markdown-edits.js';
export {
  BLOCK_SCHEMAS,
  HEX_COLOR,
  MAX_CONTENT_LENGTH,
  MAX_IMAGE_SIZE,
  MAX_SHAPE_SIZE,
  WEB_URL,
} from './model/block-schemas.js';
export {
  BLOCK_TYPES,
  type Block,
  type BlockType,
  type Crop,
  ID_PREFIX,
  type ImageBlock,
  isBlockType,
  type MarkdownBlock,
  type NewBlock,
  type ShapeBlock,
} from './model/blocks.js';
export { checkBlock, DocumentStoreError } from './model/check-block.js';
export { DEMO_IMAGE_SRC, demoBlocks } from './model/demo-blocks.js';
export { describeBlock } from './model/describe-block.js';
export {
  type DocumentChange,
  type DocumentStore,
  isDocumentStore,
  type MaybePromise,
} from './store/document-store.js';
export { createMemoryDocumentStore, type MemoryDocumentStore } from './store/memory-document-store.js';
