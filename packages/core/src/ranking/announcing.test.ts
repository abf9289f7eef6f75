import { describe, expect, it } from 'vitest';
import { announcesAsks } from './announcing.js';
import { rankParts } from './request-parts.js';
import type { RankedMatch } from './types.js';

const everyPartAsks = (part: string): RankedMatch[] => [{ id: part, score: 1, relevant: true }];

describe('announcesAsks', () => {
  it('reads an opening that asks for help with something vague as an announcement', () => {
    expect(announcesAsks('I need your help with some tasks.')).toBe(true);
    expect(announcesAsks('I need your assistance in conducting research on a specific topic.')).toBe(true);
    expect(announcesAsks('I need assistance with a few language-related tasks.')).toBe(true);
  });

  it('reads one that says with what, or that is not a request for help, as it was', () => {
    expect(announcesAsks('I need your help with my research on popular music.')).toBe(false);
    expect(announcesAsks('I need your assistance in identifying a specific microorganism.')).toBe(false);
    expect(announcesAsks('I need your help with some code compilation.')).toBe(false);
    expect(announcesAsks('Please do some tasks.')).toBe(false);
  });
});

describe('an opening that announces the asks', () => {
  it('is context once a later sentence asks', () => {
    const parts = rankParts(
      'I need your help with some research. Find the flights to Oslo. Book a hotel.',
      everyPartAsks,
    );
    expect(parts.map((part) => part.hits[0]!.id)).toEqual(['Find the flights to Oslo.', 'Book a hotel.']);
  });

  it('leaves a request of one ask after it as one ask', () => {
    expect(rankParts('I need your help with some tasks. Find the flights to Oslo.', everyPartAsks)).toEqual(
      [],
    );
  });
});
