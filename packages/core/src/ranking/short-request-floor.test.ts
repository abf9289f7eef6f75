import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import {
  asksSeveral,
  flooredRelevance,
  floorKindOf,
  isQuestion,
  type LexicalFloor,
  lexicalFloorOf,
  pointsAtSelection,
  requestWords,
} from './short-request-floor.js';
import { createWordVectorRanker } from './word-vector-ranker.js';

/** Whether a request keeps at least its lexical relevance, for some action. */
const keepsLexicalRelevance = (query: string, floor: LexicalFloor) => floorKindOf(query, floor) !== 'none';

const defaults = {
  shortWords: 2,
  instructionWords: 5,
  pointingWords: 8,
  severalAsks: true,
  sentenceAsks: true,
  locations: true,
  groundedShort: true,
  needsNothing: true,
  wishes: true,
};

describe('which requests keep their lexical relevance', () => {
  it('tells questions from instructions', () => {
    expect(isQuestion('who is the vice president of the united states')).toBe(true);
    expect(isQuestion('Is this pull request merged')).toBe(true);
    expect(isQuestion('does the build pass')).toBe(true);
    expect(isQuestion('the build passes?')).toBe(true);
    expect(isQuestion('do some deep research on solar panels')).toBe(false);
    expect(isQuestion('could you update the readme on github')).toBe(false);
    expect(isQuestion('stop the random log messages please')).toBe(false);
  });

  it('keeps short requests, short instructions and requests about what is in front of the person', () => {
    expect(requestWords('stop the random log messages please')).toBeCloseTo(4.2);
    expect(keepsLexicalRelevance('what am I allowed to access?', defaults)).toBe(true);
    expect(keepsLexicalRelevance('stop the random log messages please', defaults)).toBe(true);
    expect(keepsLexicalRelevance('which files were changed in this pull request', defaults)).toBe(true);
    expect(keepsLexicalRelevance('who is the vice president of the united states?', defaults)).toBe(false);
    expect(keepsLexicalRelevance('calculate the volume of the sphere with radius 3 units', defaults)).toBe(
      false,
    );
    // A short instruction that states its own values is left to grounding, and so is a long request about "this".
    expect(keepsLexicalRelevance('please retrieve the memory type', defaults)).toBe(true);
    expect(keepsLexicalRelevance('retrieve the budget for the year 2023', defaults)).toBe(false);
    const long =
      'for my report on this city, find its population, mayor, weather, hospitals, parks, schools, roads';
    expect(keepsLexicalRelevance(long, defaults)).toBe(false);
    const off = {
      shortWords: 0,
      instructionWords: 0,
      pointingWords: 0,
      severalAsks: false,
      sentenceAsks: false,
      locations: false,
      groundedShort: false,
      needsNothing: false,
      wishes: false,
    };
    expect(keepsLexicalRelevance('stop the random log messages please', off)).toBe(false);
    expect(keepsLexicalRelevance('close this issue', off)).toBe(false);
  });

  it('keeps a request that joins several asks, whatever its length (the eighth pass)', () => {
    const task = 'Get the wiki page of vercel/ai and convert its structure to a mind map';
    const route =
      'Plan a bike route from UCAS Zhongguancun Campus to UCAS Yanqihu Campus, including the travel time.';
    const steps = 'Find the trending GitHub repositories, then draft an intro document for the top one';
    for (const query of [task, route, steps]) {
      expect(asksSeveral(query)).toBe(true);
      expect(keepsLexicalRelevance(query, defaults)).toBe(true);
      expect(keepsLexicalRelevance(query, { ...defaults, severalAsks: false })).toBe(false);
    }
    // Whole words only ("brand", "strength", "understand"); one ask, however long, is left to the fused relevance.
    expect(asksSeveral('what is the brand strength of the company I understand best?')).toBe(false);
    expect(
      asksSeveral('Calculate the compounded interest for a principal amount of $10000 over 10 years'),
    ).toBe(false);
  });

  it('fills the defaults of the options and refuses counts below 0', () => {
    expect(lexicalFloorOf({})).toEqual(defaults);
    expect(lexicalFloorOf({ severalAsks: false, pointingWords: 0 })).toEqual({
      ...defaults,
      severalAsks: false,
      pointingWords: 0,
    });
    expect(() => lexicalFloorOf({ instructionWords: -1 })).toThrow(RangeError);
  });

  it("counts 'it', 'them' and the scope's name as pointing at the selected target of a scoped action", () => {
    expect(pointsAtSelection('rename it to Fix login', 'card', defaults)).toBe(true);
    expect(pointsAtSelection('give them to Sam', 'card', defaults)).toBe(true);
    expect(pointsAtSelection('download the board as CSV', 'board', defaults)).toBe(true);
    expect(pointsAtSelection('resize the shapes', 'shape', defaults)).toBe(true);
    expect(pointsAtSelection('what is due next Friday?', 'card', defaults)).toBe(false);
    const long = 'for my report, find its population, mayor, weather, hospitals, parks, schools and roads';
    expect(pointsAtSelection(long, 'city', defaults)).toBe(false);
    expect(pointsAtSelection('make it red', 'shape', { ...defaults, pointingWords: 0 })).toBe(false);
  });

  it('counts an instruction to a scoped action as about the selected target, values or not', () => {
    // The seventh pass: what the selection fills is the target; the values an instruction states are for the rest.
    expect(pointsAtSelection('add a card called Write tests', 'column', defaults)).toBe(true);
    expect(pointsAtSelection('crop 20 pixels off the top', 'image', defaults)).toBe(true);
    expect(pointsAtSelection('I need one more row', 'table', defaults)).toBe(true);
    expect(pointsAtSelection('due next Friday', 'card', defaults)).toBe(true);
    // Not as a rule for every action: an instruction with values of its own is left to grounding there.
    expect(keepsLexicalRelevance('crop 20 pixels off the top', defaults)).toBe(false);
    // Questions stay with the fused relevance unless they point or name the scope; long instructions too.
    expect(pointsAtSelection("what's the weather in Paris?", 'slide', defaults)).toBe(false);
    const long = 'add a new row with Paris, Berlin, Rome, Madrid, Lisbon, Vienna and Prague';
    expect(pointsAtSelection(long, 'table', defaults)).toBe(false);
    expect(pointsAtSelection('I need one more row', 'table', { ...defaults, pointingWords: 0 })).toBe(false);
  });

  it('counts a question only by its mark, a suggestion and a question of a doing as about the selected target', () => {
    // The fifteenth pass (the framed canvas requests): a doing asked for in these forms is still asked for.
    expect(pointsAtSelection('paint the circle blue?', 'shape', defaults)).toBe(true);
    expect(pointsAtSelection("shouldn't we crop the photo?", 'image', defaults)).toBe(true);
    expect(pointsAtSelection('maybe make the box bigger?', 'shape', defaults)).toBe(true);
    expect(pointsAtSelection('how about a caption under the picture?', 'image', defaults)).toBe(true);
    expect(pointsAtSelection("why can't I tilt the circle a little?", 'shape', defaults)).toBe(true);
    expect(pointsAtSelection('do I need to crop the photo?', 'image', defaults)).toBe(true);
    expect(pointsAtSelection("what's the best way to add a link to the text?", 'markdown', defaults)).toBe(
      true,
    );
    // A question of how something is stays with the fused relevance.
    expect(pointsAtSelection('what colour is the circle?', 'shape', defaults)).toBe(false);
    expect(pointsAtSelection('is the photo cropped?', 'image', defaults)).toBe(false);
    expect(pointsAtSelection('what happened to the circle?', 'shape', defaults)).toBe(false);
  });

  it('keeps the lexical relevance of a scoped action for an instruction with values, not of an unscoped one', () => {
    // No vector for any word of the actions: the soft match adds nothing, so only the floor can keep an action.
    const vectors = { words: ['weather'], dimensions: 2, values: Float32Array.from([1, 0]) };
    const input = {
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' }, width: { type: 'number' } },
      required: ['x', 'y', 'width'],
    } as const;
    const description = 'Crop pixels off the edges of the image.';
    const scoped = defineAction({ scope: 'image', name: 'crop', description, input });
    const unscoped = defineAction({ name: 'cropImage', description, input });
    const judge = (options: { pointingWords?: number } = {}) => {
      const ranker = createWordVectorRanker({ vectors, ...options });
      ranker.add(rankDocumentOf(scoped, 'image_crop'));
      ranker.add(rankDocumentOf(unscoped, 'cropImage'));
      const judged = new Map(ranker.explain('crop 20 pixels off the top').map((hit) => [hit.id, hit]));
      return { ranker, kept: judged.get('image_crop')!, grounded: judged.get('cropImage')! };
    };
    const { ranker, kept, grounded } = judge();
    // One value for three required parameters: grounding judges the unscoped action below half its lexical relevance.
    expect(grounded.relevance).toBeLessThan(grounded.lexical / 2);
    expect(kept.relevance).toBe(kept.lexical);
    expect(ranker.rank('crop 20 pixels off the top').map((hit) => hit.id)).toEqual(['image_crop']);
    // Without the rule (`pointingWords: 0`), the scoped action is judged as the unscoped one: left out.
    const off = judge({ pointingWords: 0 });
    expect(off.kept.relevance).toBeLessThan(off.kept.lexical / 2);
    expect(off.ranker.rank('crop 20 pixels off the top')).toEqual([]);
  });

  it('keeps the lexical relevance of each action a task of several asks names (the eighth pass)', () => {
    // No vector for any word of the actions: the soft match adds nothing, so the fused relevance is half the
    // lexical one, and only the floor can keep an action (as a long MCP description, which no request covers).
    const vectors = { words: ['weather'], dimensions: 2, values: Float32Array.from([1, 0]) };
    const trending = defineAction({
      name: 'trending',
      description: 'List the trending repositories on GitHub today, with their stars and languages.',
      input: { type: 'object', properties: {} },
    });
    const writeFile = defineAction({
      name: 'writeFile',
      description: 'Write text to a file, creating it or replacing what it holds.',
      input: {
        type: 'object',
        properties: { path: { type: 'string' }, content: { type: 'string' } },
        required: ['path', 'content'],
      },
    });
    const task = 'list the trending repositories and write a summary file';
    const ranked = (options: { severalAsks?: boolean } = {}) => {
      const ranker = createWordVectorRanker({ vectors, ...options });
      ranker.add(rankDocumentOf(trending, 'trending'));
      ranker.add(rankDocumentOf(writeFile, 'writeFile'));
      return { ranker, judged: new Map(ranker.explain(task).map((hit) => [hit.id, hit])) };
    };
    const { ranker, judged } = ranked();
    for (const id of ['trending', 'writeFile'])
      expect(judged.get(id)!.relevance).toBe(judged.get(id)!.lexical);
    expect(ranker.rank(task).map((hit) => hit.id)).toEqual(['trending', 'writeFile']);
    // Without the rule, each is judged by half its lexical evidence, and the file's path and content, which the
    // request leaves to the first step, cost the second: it falls under the threshold.
    const off = ranked({ severalAsks: false });
    for (const id of ['trending', 'writeFile'])
      expect(off.judged.get(id)!.relevance).toBeLessThan(off.judged.get(id)!.lexical);
    expect(off.judged.get('writeFile')!.lexical).toBeGreaterThanOrEqual(0.3);
    expect(off.ranker.rank(task).map((hit) => hit.id)).toEqual(['trending']);
  });

  it('never lowers a relevance', () => {
    expect(flooredRelevance(0.2, 0.4, true)).toBe(0.4);
    expect(flooredRelevance(0.5, 0.4, true)).toBe(0.5);
    expect(flooredRelevance(0.2, 0.4, false)).toBe(0.2);
  });
});
