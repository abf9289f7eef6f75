import { splitWords } from './tokenize.js';
import type { RankDocument } from './types.js';

/** The text embedded for an action: its name in words, title, description, examples and tags. */
export function embeddingText(document: RankDocument): string {
  const parts = [
    splitWords(document.name).join(' '),
    document.title,
    document.description,
    document.examples.length > 0 ? `Examples: ${document.examples.join('; ')}` : '',
    document.tags.length > 0 ? `Tags: ${document.tags.join(', ')}` : '',
  ];
  return parts.filter((part) => part.trim() !== '').join('. ');
}
