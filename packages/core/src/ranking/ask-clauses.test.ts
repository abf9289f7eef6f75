import { describe, expect, it } from 'vitest';
import { clausesOf } from './ask-clauses.js';
import { rankParts } from './request-parts.js';
import type { RankedMatch } from './types.js';

describe('clausesOf', () => {
  it('splits a sentence where it chains one ask to the next', () => {
    expect(clausesOf("Detect the language of 'Hallo', then get the gene's expression pattern.")).toEqual([
      "Detect the language of 'Hallo'",
      "get the gene's expression pattern.",
    ]);
    expect(clausesOf('Book a room; find a taxi and then order dinner and also call Anna.')).toEqual([
      'Book a room',
      'find a taxi',
      'order dinner',
      'call Anna.',
    ]);
  });

  it('keeps a sentence without such words, and a "then" that chains nothing, as one ask', () => {
    expect(clausesOf('Get the weather in Oslo and Bergen.')).toEqual(['Get the weather in Oslo and Bergen.']);
    expect(clausesOf('If it rains then cancel the trip.')).toEqual(['If it rains then cancel the trip.']);
    expect(clausesOf('Get the weather, and book a room.')).toEqual(['Get the weather, and book a room.']);
  });
});

describe('the parts of a request whose sentences chain asks', () => {
  // Every text asks (its best is relevant), except the one that starts "There".
  const rank =
    (asked: string[]) =>
    (part: string): RankedMatch[] => {
      asked.push(part);
      return [{ id: part, score: 1, relevant: !part.startsWith('There') }];
    };

  it('ranks such a sentence clause by clause once two sentences ask', () => {
    const asked: string[] = [];
    const parts = rankParts('Book a room in Oslo. Find a taxi, then order dinner.', rank(asked));
    expect(parts.map((part) => part.hits[0]!.id)).toEqual([
      'Book a room in Oslo.',
      'Find a taxi',
      'order dinner.',
    ]);
    // A sentence without clauses is ranked once.
    expect(asked.filter((part) => part === 'Book a room in Oslo.')).toHaveLength(1);
  });

  it('never makes a request of one ask into one of several', () => {
    // One sentence is context: the request asks once, and is ranked as a whole, its clauses or not.
    expect(rankParts('There are three of us. Find a taxi, then order dinner.', rank([]))).toEqual([]);
    expect(rankParts('Find a taxi, then order dinner.', rank([]))).toEqual([]);
  });

  it('keeps a sentence as one part when none of its clauses asks on its own', () => {
    const parts = rankParts('Book a room. Find a taxi; There it is.', (part) => [
      { id: part, score: 1, relevant: part.endsWith('.') && !part.startsWith('There') },
    ]);
    expect(parts.map((part) => part.hits[0]!.id)).toEqual(['Book a room.', 'Find a taxi; There it is.']);
  });
});
