import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import { statesLocation, takesLocation } from './location-values.js';
import { createWordVectorRanker } from './word-vector-ranker.js';

describe('locations in a request and in an action', () => {
  it('finds a file path, a file name or a web address in a request', () => {
    expect(statesLocation('write a tutorial in markdown at /root/markdown/antd_tutorial.md.')).toBe(true);
    expect(statesLocation('summarise report.pdf for me')).toBe(true);
    expect(statesLocation('read https://example.com/docs and list its sections')).toBe(true);
    expect(statesLocation('open ~/notes')).toBe(true);
    expect(statesLocation('Get the wiki page of vercel/ai')).toBe(false);
    expect(statesLocation('What is the volume of a sphere of radius 3 units?')).toBe(false);
    expect(statesLocation('a 25% discount and 10% sales tax')).toBe(false);
  });

  it('reads an action that needs a location from the names of its required parameters', () => {
    const parameter = (name: string, required = true) => ({ name, description: '', required });
    expect(takesLocation([parameter('path'), parameter('content')])).toBe(true);
    expect(takesLocation([parameter('file_path')])).toBe(true);
    expect(takesLocation([parameter('sourceUrl')])).toBe(true);
    expect(takesLocation([parameter('directory')])).toBe(true);
    expect(takesLocation([parameter('profile')])).toBe(false);
    expect(takesLocation([parameter('folder')])).toBe(false);
    expect(takesLocation([parameter('path', false)])).toBe(false);
  });
});

describe('the word-vector floors of the tenth pass', () => {
  // A vector of its own for each word: the soft coverage of an action's long description stays under the 0.4 that
  // maps to 0, so only a floor can keep what the lexical ranker keeps.
  const words = [
    'write',
    'file',
    'create',
    'new',
    'overwrite',
    'existing',
    'content',
    'contents',
    'given',
    'path',
    'text',
    'encoding',
    'directory',
    'allowed',
    'tutorial',
    'weather',
    'city',
    'forecast',
    'temperature',
    'humidity',
    'wind',
    'beijing',
    'days',
    'advice',
    'wear',
  ];
  const values = new Float32Array(words.length * words.length);
  for (let at = 0; at < words.length; at++) values[at * words.length + at] = 1;
  const vectors = { words, dimensions: words.length, values };
  const writeFile = defineAction({
    name: 'write_file',
    description:
      'Create a new file or overwrite an existing file with the given content. Writes the text with the given ' +
      'encoding; the path must be inside an allowed directory.',
    input: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where to write.' },
        content: { type: 'string', description: 'What to write.' },
      },
      required: ['path', 'content'],
    },
  });
  const weather = defineAction({
    name: 'get_weather',
    description: 'The weather of a city: the forecast, temperature, humidity and wind.',
    input: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city.' },
        days: { type: 'number', description: 'Days.' },
      },
      required: ['city', 'days'],
    },
  });
  const rank = (
    query: string,
    options: { sentenceAsks?: boolean; locations?: boolean; wishes?: boolean } = {},
  ) => {
    const ranker = createWordVectorRanker({ vectors, ...options });
    ranker.add(rankDocumentOf(writeFile, 'write_file'));
    ranker.add(rankDocumentOf(weather, 'get_weather'));
    return ranker.rank(query).map((hit) => hit.id);
  };

  it('keeps an action that takes a path for a request that states one', () => {
    const query = 'Help me write a tutorial file in markdown at /root/markdown/antd_tutorial.md';
    expect(rank(query)).toEqual(['write_file']);
    // Without it, only the wish rule (a wish's best lexical match, its values all given: pass 12) would keep it.
    expect(rank(query, { locations: false, wishes: false })).toEqual([]);
    expect(rank(query, { locations: false })).toEqual(['write_file']);
  });

  it('keeps what a request of several sentences asks for in one of them', () => {
    const query = "What's the weather forecast in Beijing? Give me some advice on what to wear!";
    expect(rank(query)).toEqual(['get_weather']);
    expect(rank(query, { sentenceAsks: false })).toEqual([]);
    // A statement and a question about something stay with the fused relevance (the lexical ranker keeps it: 0.31).
    expect(rank("I'm in Beijing. What's the weather like?")).toEqual([]);
  });
});
