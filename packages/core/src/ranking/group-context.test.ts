import { describe, expect, it } from 'vitest';
import { createGroupContext, groupOf, withGroupContext } from './group-context.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';

describe('the context of an action’s group in the recall-first intent', () => {
  it('groups by an explicit group, else by scope, else by the namespace of a dotted name, and not by a decimal point', () => {
    expect(groupOf({ name: 'resize', scope: 'shape' })).toBe('scope:shape');
    expect(groupOf({ name: 'word_server.add_paragraph', scope: undefined })).toBe('name:word_server');
    expect(groupOf({ name: 'a.b.read', scope: undefined })).toBe('name:a.b');
    expect(groupOf({ name: 'getPM2.5Level', scope: undefined })).toBeUndefined();
    expect(groupOf({ name: 'search', scope: undefined })).toBeUndefined();
    // An explicit group (what importMCP gives a server's tools) comes first, before a scope or a dotted name.
    expect(groupOf({ name: 'github_search_code', scope: undefined, group: 'github' })).toBe('group:github');
    expect(groupOf({ name: 'files.read', scope: 'shape', group: 'fs' })).toBe('group:fs');
  });

  it('lifts each match by the best other match of its group, keeping the order within a group', () => {
    const groups = new Map([
      ['word.create', 'word'],
      ['word.add_paragraph', 'word'],
    ]);
    const matches = [
      { id: 'other', score: 0.5, relevant: true },
      { id: 'word.create', score: 0.45, relevant: true },
      { id: 'word.add_paragraph', score: 0.3, relevant: false },
      { id: 'alone', score: 0.35, relevant: false },
    ];
    const lifted = withGroupContext(matches, groups, 0.5, 10);
    // (0.45 + 0.5·0.3) / 1.5 = 0.4, (0.3 + 0.5·0.45) / 1.5 = 0.35, 0.5 / 1.5, 0.35 / 1.5
    expect(lifted.map((match) => match.id)).toEqual(['word.create', 'word.add_paragraph', 'other', 'alone']);
    expect(lifted[0]!.score).toBeCloseTo(0.4);
    expect(lifted[1]!.relevant).toBe(false);
    expect(withGroupContext(matches, groups, 0.5, 2)).toHaveLength(2);
    // No group among the matches, or the weight 0: the matches as they were.
    expect(withGroupContext(matches, new Map(), 0.5, 10)).toEqual(matches);
    expect(withGroupContext(matches, groups, 0, 3)).toEqual(matches.slice(0, 3));
  });

  it('keeps its groups in step with the documents, and refuses a weight outside [0, 1)', () => {
    const context = createGroupContext(0.5);
    context.add({ id: 'w.a', name: 'w.a', scope: undefined });
    context.add({ id: 'w.b', name: 'w.b', scope: undefined });
    const matches = [
      { id: 'x', score: 0.5, relevant: true },
      { id: 'w.a', score: 0.4, relevant: true },
      { id: 'w.b', score: 0.4, relevant: true },
    ];
    expect(context.lift(matches, 3)[0]!.id).toBe('w.a');
    context.remove('w.b');
    expect(context.lift(matches, 3)[0]!.id).toBe('x');
    expect(() => createGroupContext(1)).toThrow(RangeError);
    expect(() => createGroupContext(-0.1)).toThrow(RangeError);
  });

  it('brings more of the server a request is about into the lexical ranker’s top k', () => {
    const documents = [
      rankDocument('word.create_document', { description: 'Create a new Word document' }),
      rankDocument('word.add_paragraph', { description: 'Add a paragraph of text' }),
      rankDocument('word.add_heading', { description: 'Add a heading' }),
      rankDocument('web.heading_style', { description: 'Style a heading of a web page' }),
      rankDocument('slides.add_title_heading', { description: 'Add a heading to a slide' }),
      rankDocument('pdf.convert', { description: 'Convert a document to PDF' }),
      ...Array.from({ length: 20 }, (_, at) =>
        rankDocument(`filler${at}`, { description: `unrelated tool number ${at}` }),
      ),
    ];
    const request = 'create a Word document with a heading';
    const top = (groupContext: number) => {
      const ranker = createLexicalRanker({ groupContext });
      for (const document of documents) ranker.add(document);
      return ranker.match(request, { limit: 3 }).map((match) => match.id);
    };
    expect(top(0)).toEqual(['word.create_document', 'word.add_heading', 'web.heading_style']);
    expect(top(0.3)).toEqual(['word.create_document', 'word.add_heading', 'word.add_paragraph']);
    // The threshold's answer is not touched.
    const plain = createLexicalRanker({ groupContext: 0 });
    const grouped = createLexicalRanker();
    for (const document of documents) {
      plain.add(document);
      grouped.add(document);
    }
    expect([...grouped.search(request)]).toEqual([...plain.search(request)]);
  });
});
