import type { ReactNode } from 'react';
import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from './parse-markdown.js';

/** Markdown drawn as React elements from the parsed blocks: text is never turned into HTML. */
export function MarkdownView(props: { readonly source: string }): ReactNode {
  return (
    <div className="markdown">
      {parseMarkdown(props.source).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their position
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { readonly block: MarkdownBlock }): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag>{inlines(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p>{inlines(block.children)}</p>;
    case 'code':
      return (
        <pre data-language={block.language || undefined}>
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their position
        <li key={index}>{inlines(item)}</li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return <blockquote>{inlines(block.children)}</blockquote>;
    case 'rule':
      return <hr />;
    default: {
      const unreachable: never = block;
      throw new TypeError(`unknown markdown block ${JSON.stringify(unreachable)}`);
    }
  }
}

function inlines(nodes: readonly MarkdownInline[]): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes have no identity beyond their position
  return nodes.map((node, index) => <Inline key={index} node={node} />);
}

function Inline({ node }: { readonly node: MarkdownInline }): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'strong':
      return <strong>{inlines(node.children)}</strong>;
    case 'em':
      return <em>{inlines(node.children)}</em>;
    case 'code':
      return <code>{node.text}</code>;
    case 'link':
      return (
        <a href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {inlines(node.children)}
        </a>
      );
    default: {
      const unreachable: never = node;
      throw new TypeError(`unknown markdown inline ${JSON.stringify(unreachable)}`);
    }
  }
}
