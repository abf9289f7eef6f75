import { describe, expect, it } from 'vitest';
import {
  flooredRelevance,
  isQuestion,
  keepsLexicalRelevance,
  pointsAtSelection,
  requestWords,
} from './short-request-floor.js';

const defaults = { shortWords: 2, instructionWords: 5, pointingWords: 8 };

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
      'for my report on this city, find its population, mayor, weather, hospitals, parks and schools';
    expect(keepsLexicalRelevance(long, defaults)).toBe(false);
    const off = { shortWords: 0, instructionWords: 0, pointingWords: 0 };
    expect(keepsLexicalRelevance('stop the random log messages please', off)).toBe(false);
    expect(keepsLexicalRelevance('close this issue', off)).toBe(false);
  });

  it("counts 'it', 'them' and the scope's name as pointing at the selected target of a scoped action", () => {
    expect(pointsAtSelection('rename it to Fix login', 'card', defaults)).toBe(true);
    expect(pointsAtSelection('give them to Sam', 'card', defaults)).toBe(true);
    expect(pointsAtSelection('download the board as CSV', 'board', defaults)).toBe(true);
    expect(pointsAtSelection('add a card called Write tests', 'column', defaults)).toBe(false);
    expect(pointsAtSelection('resize the shapes', 'shape', defaults)).toBe(true);
    expect(pointsAtSelection('due next Friday', 'card', defaults)).toBe(false);
    const long = 'for my report, find its population, mayor, weather, hospitals, parks, schools and roads';
    expect(pointsAtSelection(long, 'city', defaults)).toBe(false);
    expect(pointsAtSelection('make it red', 'shape', { ...defaults, pointingWords: 0 })).toBe(false);
  });

  it('never lowers a relevance', () => {
    expect(flooredRelevance(0.2, 0.4, true)).toBe(0.4);
    expect(flooredRelevance(0.5, 0.4, true)).toBe(0.5);
    expect(flooredRelevance(0.2, 0.4, false)).toBe(0.2);
  });
});
