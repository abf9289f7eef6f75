import { type ContentBlock, ContentBlockSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Whether a value is a non-empty array of MCP content blocks (`text`, `image`, `audio`, `resource`,
 * `resource_link`): such a value is sent as the result's `content` as it is, so a handler can return images or
 * embedded resources, and an imported remote tool's content passes through unchanged.
 */
export function isContentBlocks(value: unknown): value is ContentBlock[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  return value.every((item) => ContentBlockSchema.safeParse(item).success);
}

/** The text a model reads for content blocks: text as it is, other blocks as a short bracketed note. */
export function contentText(content: readonly ContentBlock[]): string {
  return content
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'image':
        case 'audio':
          return `[${block.type} ${block.mimeType}, ${block.data.length} base64 characters]`;
        case 'resource':
          return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
        case 'resource_link':
          return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
        default: {
          const unknown: never = block;
          return JSON.stringify(unknown);
        }
      }
    })
    .join('\n');
}
