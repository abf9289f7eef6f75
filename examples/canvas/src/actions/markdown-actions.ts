import type { Availability, AvailabilityInput } from '@affordance/core';
import { isCodeBlock, insertLink as linkText, setHeading, toCodeBlock } from '../markdown/markdown-edits.js';
import { MAX_CONTENT_LENGTH, WEB_URL } from '../model/block-schemas.js';
import type { Block, MarkdownBlock } from '../model/blocks.js';
import {
  type BlockResult,
  blockAction,
  blockResultForModel,
  type CanvasContext,
  EDITORS,
  saveBlock,
  whenEditable,
} from './block-action.js';

const markdownAction = blockAction<MarkdownBlock>();

// Headings and links make no sense inside a code block; its text can still be replaced.
function whenProse(state: AvailabilityInput<CanvasContext, Block>): Availability {
  const editable = whenEditable(state);
  if (editable !== true) return editable;
  const content = state.target?.type === 'markdown' ? state.target.content : '';
  return isCodeBlock(content)
    ? { available: false, reason: 'block is a code block; change it with updateContent' }
    : true;
}

/** Replace the whole markdown text of a block. */
export const updateContent = markdownAction({
  name: 'updateContent',
  scope: 'markdown',
  title: 'Edit text',
  description: `Replace the markdown text of the block with new content (at most ${MAX_CONTENT_LENGTH} characters). Send the whole new text, not a diff.`,
  category: 'content',
  tags: ['text', 'write', 'rewrite', 'edit', 'replace'],
  examples: [
    { utterance: 'Change the text to "Hello world"', input: { content: 'Hello world' } },
    'Rewrite this paragraph',
    'Fix the typo in this block',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      content: { type: 'string', maxLength: MAX_CONTENT_LENGTH, description: 'The new markdown text' },
    },
    required: ['content'],
    additionalProperties: false,
  },
  when: whenEditable,
  toModelOutput: blockResultForModel,
  handler: ({ content }, ctx): Promise<BlockResult<MarkdownBlock>> =>
    saveBlock(ctx, { ...ctx.target, content }, `Content updated (${content.length} characters)`),
});

/** Make one line of a markdown block a heading of level 1 to 6. */
export const formatHeading = markdownAction({
  name: 'formatHeading',
  scope: 'markdown',
  title: 'Make heading',
  description:
    'Turn one line of the block into a heading of level 1 (largest) to 6 (smallest), replacing any heading level it had. By default the first line with text; pass `line` (1-based) for another.',
  category: 'styling',
  tags: ['heading', 'title', 'header', 'h1', 'h2', 'h3'],
  examples: [
    { utterance: 'Make the first line a title', input: { level: 1 } },
    { utterance: 'Turn line 3 into a subheading', input: { level: 2, line: 3 } },
    'Format this as a heading',
  ],
  roles: EDITORS,
  idempotent: true,
  input: {
    type: 'object',
    properties: {
      level: {
        type: 'integer',
        minimum: 1,
        maximum: 6,
        description: 'Heading level: 1 is the largest, 6 the smallest',
      },
      line: {
        type: 'integer',
        minimum: 1,
        description: 'Which line (1-based); default: the first line with text',
      },
    },
    required: ['level'],
    additionalProperties: false,
  },
  when: whenProse,
  toModelOutput: blockResultForModel,
  handler: ({ level, line }, ctx): Promise<BlockResult<MarkdownBlock>> => {
    const content = setHeading(ctx.target.content, level, line);
    return saveBlock(
      ctx,
      { ...ctx.target, content },
      `Made ${line === undefined ? 'the first line' : `line ${line}`} a level ${level} heading`,
    );
  },
});

/** Link a phrase of a markdown block (or add a link at its end). */
export const insertLink = markdownAction({
  name: 'insertLink',
  scope: 'markdown',
  title: 'Insert link',
  description:
    'Add a hyperlink: the first plain occurrence of `text` in the block becomes a link to `url`; if the text does not occur, the link is added as a new paragraph at the end. The url must start with http:// or https://.',
  category: 'content',
  tags: ['link', 'hyperlink', 'url', 'reference', 'anchor'],
  examples: [
    {
      utterance: 'Link "the docs" to https://example.com/docs',
      input: { text: 'the docs', url: 'https://example.com/docs' },
    },
    'Add a link to our website',
  ],
  roles: EDITORS,
  input: {
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, maxLength: 200, description: 'The words to show as the link' },
      url: { ...WEB_URL, description: 'Where the link goes, e.g. https://example.com' },
    },
    required: ['text', 'url'],
    additionalProperties: false,
  },
  when: whenProse,
  toModelOutput: blockResultForModel,
  handler: ({ text, url }, ctx): Promise<BlockResult<MarkdownBlock>> => {
    const linked = linkText(ctx.target.content, text, url);
    const where = linked.placement === 'inline' ? `Linked "${text}"` : `Added a link "${text}" at the end`;
    return saveBlock(ctx, { ...ctx.target, content: linked.content }, `${where} to ${url}`);
  },
});

/** Wrap a markdown block's text in a fenced code block. */
export const convertToCode = markdownAction({
  name: 'convertToCode',
  scope: 'markdown',
  title: 'Convert to code',
  description:
    'Turn the whole block into a fenced code block, optionally naming its language for syntax highlighting (e.g. ts, python, json).',
  category: 'content',
  tags: ['code', 'snippet', 'monospace', 'fence', 'syntax'],
  examples: [
    { utterance: 'Make this a TypeScript code block', input: { language: 'ts' } },
    'Format this as code',
  ],
  roles: EDITORS,
  input: {
    type: 'object',
    properties: {
      language: {
        type: 'string',
        pattern: '^[A-Za-z0-9_+#.-]{1,30}$',
        description: 'Language name for highlighting, e.g. ts or python',
      },
    },
    additionalProperties: false,
  },
  when: (state) => {
    const editable = whenEditable(state);
    if (editable !== true) return editable;
    return isCodeBlock(state.target?.content ?? '')
      ? { available: false, reason: 'block is already a code block' }
      : true;
  },
  toModelOutput: blockResultForModel,
  handler: ({ language }, ctx): Promise<BlockResult<MarkdownBlock>> => {
    const content = toCodeBlock(ctx.target.content, language);
    return saveBlock(
      ctx,
      { ...ctx.target, content },
      `Converted to a ${language ? `${language} ` : ''}code block`,
    );
  },
});

/** The actions only markdown blocks have. */
export const markdownActions = [updateContent, formatHeading, insertLink, convertToCode] as const;
