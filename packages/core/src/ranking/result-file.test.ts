import { describe, expect, it } from 'vitest';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';
import { createResultFile, isFileWriter, namesResultFile, withResultFile } from './result-file.js';
import type { RankParameter } from './types.js';

const needing = (...names: string[]): RankParameter[] =>
  names.map((name) => ({ name, description: '', required: true }));

// A research server, a slide server that saves presentations, and a file server that writes and reads files.
const registry = [
  rankDocument('research.research_with_keywords', {
    description: 'Research a cryptocurrency or token by keywords and write a deep report.',
    parameters: needing('keywords'),
  }),
  rankDocument('research.fetch_content', {
    description: 'Fetch the content of a research source.',
    parameters: needing('url'),
  }),
  rankDocument('slides.save_presentation', {
    description: 'Save a presentation to a file.',
    parameters: needing('file_path', 'presentation_id'),
  }),
  rankDocument('files.read_file', {
    description: 'Read the complete contents of a file from the file system.',
    parameters: needing('path'),
  }),
  rankDocument('files.write_file', {
    description: 'Create a new file or completely overwrite an existing file with new content.',
    parameters: needing('path', 'content'),
  }),
];

describe('the file writer of a request that names where its result goes, in the recall-first intent', () => {
  it('reads a file path that ends a sentence as where the result goes', () => {
    expect(
      namesResultFile('Generate a deep report of bitcoin and save it in /root/markdown/bitcoin.md'),
    ).toBe(true);
    expect(namesResultFile('Write the middleware in /root/code/middleware.ts. Use context7')).toBe(true);
    expect(namesResultFile('Save the notes to `~/notes/today.txt`.')).toBe(true);
    expect(namesResultFile('Export the table to C:\\reports\\sales.csv')).toBe(true);
    // A path the request goes on from is something to read; a folder or a URL is no file to write.
    expect(namesResultFile('Read the paper in /root/pdf/WebArena.pdf, and find the latest papers')).toBe(
      false,
    );
    expect(namesResultFile('Read /root/pdf/WebArena.pdf.')).toBe(false);
    expect(namesResultFile('Summarise /root/word/CV.docx')).toBe(false);
    expect(namesResultFile('Tell me about the repository in the /root/git directory')).toBe(false);
    expect(namesResultFile('Summarise the page at https://example.com/posts/today.html')).toBe(false);
    expect(namesResultFile('Summarise the latest news about bitcoin.')).toBe(false);
  });

  it('knows a file writer by its own name (a writing verb and "file") and a required parameter', () => {
    const writers = registry.filter(isFileWriter).map((document) => document.id);
    expect(writers).toEqual(['files.write_file']);
    expect(isFileWriter(rankDocument('saveFile', { parameters: needing('name', 'data') }))).toBe(true);
    expect(isFileWriter(rankDocument('files.write_file', { parameters: [] }))).toBe(false);
    expect(isFileWriter(rankDocument('files.create_directory', { parameters: needing('path') }))).toBe(false);
  });

  it('lifts the writer under the best match, and brings it in when the request did not match it', () => {
    const writers = new Set(['files.write_file']);
    const matches = [
      { id: 'research.research_with_keywords', score: 0.8, relevant: true },
      { id: 'slides.save_presentation', score: 0.6, relevant: true },
      { id: 'research.fetch_content', score: 0.4, relevant: false },
      { id: 'research.other', score: 0.3, relevant: false },
    ];
    const query = 'Generate a deep report of bitcoin and save it in /root/markdown/bitcoin.md';
    expect(withResultFile(query, matches, writers, 0.7, 3)).toEqual([
      matches[0],
      matches[1],
      { id: 'files.write_file', score: 0.8 * 0.7, relevant: false },
    ]);
    // Nothing moves for a request that names no such path, or with the lift off.
    expect(withResultFile('Generate a deep report of bitcoin', matches, writers, 0.7, 4)).toEqual(matches);
    expect(withResultFile(query, matches, writers, 0, 4)).toEqual(matches);
    // A writer the request matched keeps its flag and is lifted by the share, never above the best.
    const matched = [...matches, { id: 'files.write_file', score: 0.3, relevant: true }];
    expect(withResultFile(query, matched, writers, 0.7, 2)[1]).toEqual({
      id: 'files.write_file',
      score: 0.8,
      relevant: true,
    });
  });

  it('is part of the lexical ranker’s recall-first match, and only there', () => {
    const ranker = createLexicalRanker();
    for (const document of registry) ranker.add(document);
    const query = 'Generate a deep report of bitcoin and save it in /root/markdown/bitcoin.md';
    const top = ranker.match!(query, { limit: 3 }).map((match) => match.id);
    expect(top).toContain('files.write_file');
    expect(
      ranker.match!('Generate a deep report of bitcoin', { limit: 3 }).map((match) => match.id),
    ).not.toContain('files.write_file');
    expect([...ranker.search(query).keys()]).not.toContain('files.write_file');
    const off = createLexicalRanker({ resultFile: 0 });
    for (const document of registry) off.add(document);
    expect(off.match!(query, { limit: 3 }).map((match) => match.id)).not.toContain('files.write_file');
    ranker.remove('files.write_file');
    expect(ranker.match!(query, { limit: 3 }).map((match) => match.id)).not.toContain('files.write_file');
  });

  it('lifts it too where `rankExplained` answers `match` from its own pass', () => {
    const ranker = createLexicalRanker({ matchVariants: 'all' });
    for (const document of registry) ranker.add(document);
    const query = 'Research bitcoin. Then save the report in /root/markdown/bitcoin.md.';
    const shared = ranker.rankExplained(query, { limit: 30, threshold: 0, matchLimit: 3 }).matches;
    expect(shared).toEqual(ranker.match!(query, { limit: 3 }));
    expect(shared?.map((match) => match.id)).toContain('files.write_file');
  });

  it('refuses a weight outside [0, 1]', () => {
    expect(() => createResultFile(1.5)).toThrow(RangeError);
    expect(() => createResultFile(-0.1)).toThrow(RangeError);
  });
});
