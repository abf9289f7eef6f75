import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { requiredValuesOf } from './grounding.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { asksWhatItGives, needsNothing } from './needs-nothing.js';
import { askOf } from './short-request-floor.js';
import { createWordVectorRanker } from './word-vector-ranker.js';

// The eleventh pass (docs/benchmarks/ranking.md): an action that needs nothing keeps the lexical relevance of a
// question, or of an instruction that names no other doing than its own.
describe('an action that needs nothing', () => {
  it('is one without a required parameter', () => {
    expect(needsNothing(requiredValuesOf([]))).toBe(true);
    expect(
      needsNothing(requiredValuesOf([{ name: 'limit', description: '', value: 'number', required: false }])),
    ).toBe(true);
    expect(
      needsNothing(requiredValuesOf([{ name: 'keyword', description: '', value: 'text', required: true }])),
    ).toBe(false);
    expect(
      needsNothing(requiredValuesOf([{ name: 'all', description: '', value: 'boolean', required: true }])),
    ).toBe(false);
  });

  it('is asked for by a question, or an instruction with no verb or its own', () => {
    const own = () => new Set(['get', 'weibo', 'trend']);
    expect(asksWhatItGives(askOf("What's trending on Weibo right now?"), own)).toBe(true);
    expect(asksWhatItGives(askOf('I need the trending topics of Weibo for my morning report'), own)).toBe(
      true,
    );
    expect(asksWhatItGives(askOf('get the trending topics of Weibo for my morning report'), own)).toBe(true);
    expect(asksWhatItGives(askOf('Introduce me to the trending topics of Weibo in detail'), own)).toBe(false);
    // Own words are asked for only when an instruction has a verb.
    let asked = 0;
    asksWhatItGives(askOf('What is trending?'), () => {
      asked++;
      return new Set();
    });
    expect(asked).toBe(0);
  });

  it('keeps a question on its subject that the fused relevance alone leaves out', () => {
    // A vector of its own for each word: the question says two of the action's many words, a soft coverage under the
    // 0.4 that maps to 0, so the fusion halves its lexical relevance.
    const words =
      'get weibo trending hot search list of the microblog platform topics news celebrity gossip real time trends hub introduce posts keyword'.split(
        ' ',
      );
    const values = new Float32Array(words.length * words.length);
    for (let at = 0; at < words.length; at++) values[at * words.length + at] = 1;
    const vectors = { words, dimensions: words.length, values };
    const trending = defineAction({
      name: 'get_weibo_trending',
      description: 'Hot search list of the microblog platform: topics, news, celebrity gossip in real time.',
      tags: ['Trends Hub'],
    });
    const posts = defineAction({
      name: 'search_weibo_posts',
      description:
        'Search the posts of the microblog platform by keyword, with topics, news and celebrity gossip.',
      input: {
        type: 'object',
        properties: { keyword: { type: 'string', description: 'What to search for.' } },
        required: ['keyword'],
      },
    });
    const rank = (query: string, options: { needsNothing?: boolean } = {}) => {
      const ranker = createWordVectorRanker({ vectors, ...options });
      ranker.add(rankDocumentOf(trending, 'get_weibo_trending'));
      ranker.add(rankDocumentOf(posts, 'search_weibo_posts'));
      return ranker.rank(query).map((hit) => hit.id);
    };
    const question = "What's trending on Weibo right now?";
    expect(rank(question)).toEqual(['get_weibo_trending']);
    // Without the rule the fused relevance leaves it out.
    expect(rank(question, { needsNothing: false })).toEqual([]);
    // An instruction with its own verb keeps it too; one with another verb stays with the fused relevance.
    expect(rank('get Weibo trending for my morning report')).toContain('get_weibo_trending');
    expect(rank('get Weibo trending for my morning report', { needsNothing: false })).toEqual([]);
    const introduce = 'Introduce me to Weibo trending for my morning report';
    expect(rank(introduce)).toEqual([]);
    // …which the lexical ranker keeps.
    const lexical = createLexicalRanker();
    lexical.add(rankDocumentOf(trending, 'get_weibo_trending'));
    expect(lexical.rank(introduce).map((hit) => hit.id)).toEqual(['get_weibo_trending']);
  });
});
