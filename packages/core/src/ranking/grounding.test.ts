import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { rankDocumentOf } from '../registry/rank-document.js';
import {
  groundedRelevance,
  groundingOf,
  type RequiredValues,
  requestValues,
  requiredValuesOf,
} from './grounding.js';

const required = (numbers: number, texts: number, free = 0): RequiredValues => ({ numbers, texts, free });
const noSpareWords = () => 0;

describe('requestValues', () => {
  it('counts numbers, number words and time units without a number', () => {
    const values = requestValues('Split $200,000 into five parts over the next decade, from 2019-12-13 on');
    expect(values).toMatchObject({ numbers: 3, quantities: 1, names: 0 });
  });

  it('counts a run of capitalised words inside a sentence as one name, and quoted text as a name', () => {
    expect(requestValues('How often do members visit the Museum of Modern Art?').names).toBe(1);
    expect(requestValues('Who is the lawyer for the Doe vs. Smith case in Los Angeles?').names).toBe(2);
    expect(requestValues('Identify the sequence "ATCG".').names).toBe(1);
    // An apostrophe inside single quotes belongs to the quoted text.
    expect(requestValues("Analyze the review 'I love it! It's always fresh.'").names).toBe(1);
    // The first word of a sentence and "I" are not names.
    expect(requestValues('Find what I need. Then stop.').names).toBe(0);
  });

  it('keeps the content terms, stemmed, without light words', () => {
    expect(requestValues('Please show the holy books').terms).toEqual(['holi', 'book']);
  });
});

describe('requiredValuesOf', () => {
  it('counts required parameters by what fills them; yes/no, defaults and optional ones need nothing', () => {
    const action = defineAction({
      name: 'forecast',
      description: 'Weather forecast',
      input: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          days: { type: 'integer' },
          points: { type: 'array', items: { type: 'number' } },
          hourly: { type: 'boolean' },
          units: { type: 'string', description: 'Unit system. Default is metric.' },
          lang: { type: 'string', default: 'en' },
          note: { type: 'string' },
        },
        required: ['location', 'days', 'points', 'hourly', 'units', 'lang'],
      },
    });
    const document = rankDocumentOf(action, 'forecast');
    expect(
      document.parameters.map((parameter) => [parameter.name, parameter.required, parameter.value]),
    ).toEqual([
      ['location', true, 'text'],
      ['days', true, 'number'],
      ['points', true, 'number'],
      ['hourly', true, 'boolean'],
      ['units', true, 'text'],
      ['lang', false, 'text'],
      ['note', false, 'text'],
    ]);
    expect(requiredValuesOf(document.parameters)).toEqual({ numbers: 2, texts: 1, free: 2 });
  });
});

describe('groundingOf', () => {
  it('fills number parameters with numbers, then with time units (not typed)', () => {
    expect(groundingOf(required(2, 0), requestValues('base 10 and height 5'), noSpareWords)).toEqual({
      filled: 1,
      typed: 1,
    });
    expect(groundingOf(required(1, 0), requestValues('the next week'), noSpareWords)).toEqual({
      filled: 1,
      typed: 0,
    });
    expect(groundingOf(required(1, 0), requestValues('Who is the Vice President?'), noSpareWords)).toEqual({
      filled: 0,
      typed: 0,
    });
  });

  it('fills text parameters with names, then spare numbers, then spare words (asked for only when needed)', () => {
    let asked = 0;
    const spare = () => {
      asked++;
      return 1;
    };
    expect(groundingOf(required(0, 1), requestValues('the time in Sydney'), spare)).toEqual({
      filled: 1,
      typed: 1,
    });
    expect(groundingOf(required(1, 1), requestValues('in 1954 and 1970'), spare)).toEqual({
      filled: 1,
      typed: 1,
    });
    expect(asked).toBe(0);
    expect(groundingOf(required(0, 2), requestValues('a holy book'), spare)).toEqual({
      filled: 0.5,
      typed: 0,
    });
    expect(asked).toBe(1);
  });

  it('is neutral for an action that requires nothing', () => {
    expect(groundingOf(required(0, 0), requestValues('anything'), noSpareWords)).toEqual({
      filled: 1,
      typed: 0,
    });
    expect(groundingOf(required(0, 0, 2), requestValues('anything'), noSpareWords)).toEqual({
      filled: 1,
      typed: 0,
    });
  });
});

describe('groundedRelevance', () => {
  it('scales by the unfilled share (penalty) and the typed share (boost)', () => {
    const weights = { penalty: 1, boost: 1 };
    expect(groundedRelevance(0.4, { filled: 1, typed: 1 }, weights)).toBeCloseTo(0.8);
    expect(groundedRelevance(0.4, { filled: 1, typed: 0 }, weights)).toBeCloseTo(0.4);
    expect(groundedRelevance(0.4, { filled: 0.5, typed: 0 }, weights)).toBeCloseTo(0.2);
    expect(groundedRelevance(0.4, { filled: 0, typed: 0 }, weights)).toBe(0);
    expect(groundedRelevance(0.4, { filled: 0, typed: 0 }, { penalty: 0.5, boost: 0 })).toBeCloseTo(0.2);
  });
});
