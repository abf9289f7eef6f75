import { describe, expect, it } from 'vitest';
import { createLexicalRanker, type LexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';
import { allocateByParts, headOf, rankParts, requestParts } from './request-parts.js';
import { seededRandom } from './seeded-random.fixture.js';
import type { RankedMatch } from './types.js';
import { createWordVectorRanker, type WordVectorRanker } from './word-vector-ranker.js';

const hits = (...list: Array<[string, number]>): RankedMatch[] =>
  list.map(([id, score]) => ({ id, score, relevant: score > 0.5 }));

describe('requestParts', () => {
  it('splits a request into its sentences', () => {
    expect(requestParts('Book a flight to Oslo. Then find a hotel! Is it cheap?')).toEqual([
      'Book a flight to Oslo.',
      'Then find a hotel!',
      'Is it cheap?',
    ]);
    expect(requestParts('make it red')).toEqual(['make it red']);
    // A full stop inside a value or before a lower-case word does not end a sentence.
    expect(requestParts('Set the rate to 0.5 and e.g. send it.')).toHaveLength(1);
  });

  it('joins a sentence that points back to the one before', () => {
    expect(
      requestParts(
        'Update the salary of employee 66. The new salary is 50000. Then book a room. It is for two.',
      ),
    ).toEqual([
      'Update the salary of employee 66. The new salary is 50000.',
      'Then book a room. It is for two.',
    ]);
  });

  it('ranks a part by what it asks for, without its lists of details', () => {
    expect(headOf('Retrieve information about the team, including the coach and a list of players.')).toBe(
      'Retrieve information about the team.',
    );
    expect(headOf('Find cities such as Oslo and Bergen. Then book a room.')).toBe(
      'Find cities. Then book a room.',
    );
    expect(headOf('Book a room')).toBe('Book a room');
    const asked: string[] = [];
    rankParts('Get the team, including its coach. Book a room, such as a suite.', (part) => {
      asked.push(part);
      return hits([part, 1]);
    });
    expect(asked).toEqual(['Get the team.', 'Book a room.']);
  });

  it('weighs a part without its relative clauses, yet ranks it with them', () => {
    const asked: string[] = [];
    const parts = rankParts(
      'Describe the octopus, which lives in tropical marine habitats among coral reefs. Book a hotel.',
      (part) => {
        asked.push(part);
        return hits([part, 1]);
      },
    );
    // "describe octopus" weighs 2 (its relative clause adds no ask), "book hotel" 2; the ranking keeps the clause.
    expect(parts.map((part) => part.weight)).toEqual([2, 2]);
    expect(asked[0]).toContain('which lives in tropical marine habitats');
  });

  it('ranks each part that matches, with the weight of its words that are not values', () => {
    const parts = rankParts('Find flights to "Oslo". Thank you. Book a hotel.', (part) =>
      part.includes('Thank') ? [] : hits([part, 1]),
    );
    expect(parts.map((part) => part.hits[0]!.id)).toEqual(['Find flights to "Oslo".', 'Book a hotel.']);
    expect(parts[0]!.weight).toBe(2);
    expect(rankParts('Find flights to Oslo.', () => hits(['a', 1]))).toEqual([]);
    expect(
      rankParts('Find flights. Thank you.', (part) => (part === 'Find flights.' ? hits(['a', 1]) : [])),
    ).toEqual([]);
  });

  it('leaves out a part whose best action is not relevant to it (context, not an ask)', () => {
    const parts = rankParts('There are three of us. Find flights to Oslo. Book a hotel.', (part) =>
      part.startsWith('There') ? hits([part, 0.2]) : hits([part, 1]),
    );
    expect(parts.map((part) => part.hits[0]!.id)).toEqual(['Find flights to Oslo.', 'Book a hotel.']);
  });
});

describe('allocateByParts', () => {
  const whole = hits(['w1', 0.9], ['w2', 0.8], ['w3', 0.7], ['w4', 0.6], ['w5', 0.5], ['h1', 0.1]);
  const weather = { weight: 3, hits: hits(['w1', 0.9], ['w2', 0.85], ['w3', 0.8], ['w4', 0.8], ['w5', 0.7]) };
  const hotel = { weight: 2, hits: hits(['h1', 0.6], ['h2', 0.2]) };

  it('gives a place to the part that has none before a near-duplicate of a first place', () => {
    const found = allocateByParts(whole, [weather, hotel], 5, () => false);
    expect(found.map((hit) => hit.id)).toEqual(['w1', 'h1', 'w2', 'w3', 'w4']);
  });

  it('keeps one of the first three places of the whole request when it is also a part best', () => {
    // w3 is the best of a third part: the whole request and that part agree on it, so it keeps its place.
    const alerts = { weight: 1, hits: hits(['w3', 0.6], ['w5', 0.3]) };
    const found = allocateByParts(whole, [weather, hotel, alerts], 5, () => false);
    expect(found.map((hit) => hit.id).slice(0, 3)).toEqual(['w1', 'w3', 'h1']);
    // A tie with a part's best is its best too.
    const tied = { weight: 1, hits: hits(['w5', 0.6], ['w2', 0.6]) };
    expect(allocateByParts(whole, [weather, hotel, tied], 2, () => false).map((hit) => hit.id)).toEqual([
      'w1',
      'w2',
    ]);
  });

  it('scores place by place with the whole request scores, so they never increase, and keeps each flag', () => {
    const found = allocateByParts(whole, [weather, hotel], 10, (id) => id === 'h2');
    expect(found.map((hit) => hit.score)).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.1, 0.1]);
    expect(found.find((hit) => hit.id === 'h1')!.relevant).toBe(false);
    // One only a part found is flagged as the whole request's threshold judges it.
    expect(found.find((hit) => hit.id === 'h2')!.relevant).toBe(true);
    expect(new Set(found.map((hit) => hit.id)).size).toBe(found.length);
  });

  it('answers at most limit, and goes on in the whole request order after the allocated places', () => {
    expect(allocateByParts(whole, [weather, hotel], 2, () => false).map((hit) => hit.id)).toEqual([
      'w1',
      'h1',
    ]);
    const long = hits(...Array.from({ length: 60 }, (_, at): [string, number] => [`x${at}`, 1 - at / 100]));
    const found = allocateByParts(long, [weather, hotel], 100, () => false);
    expect(found.slice(40).map((hit) => hit.id)).toEqual(
      long.map((hit) => hit.id).filter((id) => !found.slice(0, 40).some((hit) => hit.id === id)),
    );
  });
  it('picks as PM2 written plainly does, on random requests with ties', () => {
    const random = seededRandom(22);
    for (let round = 0; round < 200; round++) {
      const pool = Array.from({ length: 60 }, (_, at) => `a${at}`);
      const pick = (count: number) => {
        const ids = new Set<string>();
        while (ids.size < count) ids.add(pool[Math.floor((random() + 0.5) * pool.length)]!);
        // Coarse scores, so that ties between candidates and between gains happen.
        return [...ids]
          .map((id) => ({ id, score: Math.round((random() + 0.5) * 8) / 8, relevant: random() > 0 }))
          .sort((a, b) => b.score - a.score);
      };
      const whole = pick(30);
      const parts = Array.from({ length: 2 + (round % 4) }, () => ({
        weight: 1 + Math.round((random() + 0.5) * 3),
        hits: pick(12),
      }));
      const limit = 5 + (round % 40);
      const relevantOf = (id: string) => id.endsWith('1');
      expect(allocateByParts(whole, parts, limit, relevantOf)).toEqual(
        pm2Afresh(whole, parts, limit, relevantOf),
      );
    }
  });
});

/**
 * PM2 as the paper states it, written plainly apart from `allocateByParts`: every quotient, the chosen part and every
 * gain worked out each round.
 */
function pm2Afresh(
  whole: readonly RankedMatch[],
  parts: ReadonlyArray<{ weight: number; hits: readonly RankedMatch[] }>,
  limit: number,
  relevantOf: (id: string) => boolean,
): RankedMatch[] {
  const ids: string[] = [];
  const own = new Map<string, RankedMatch>();
  for (const hit of whole.slice(0, 40)) {
    if (own.has(hit.id)) continue;
    ids.push(hit.id);
    own.set(hit.id, hit);
  }
  for (const { hits } of parts) for (const hit of hits) if (!ids.includes(hit.id)) ids.push(hit.id);
  const share = (id: string, part: number) => {
    const { hits } = parts[part]!;
    const hit = hits.find((item) => item.id === id);
    return hit && hits[0]!.score > 0 ? (hit.score / hits[0]!.score) ** 3 : 0;
  };
  const seats = parts.map(() => 0);
  const picked: string[] = [];
  const take = (id: string) => {
    picked.push(id);
    const total = parts.reduce((sum, _, part) => sum + share(id, part), 0);
    if (total === 0) return;
    for (let part = 0; part < parts.length; part++) seats[part]! += share(id, part) / total;
  };
  for (const hit of whole.slice(0, Math.min(3, limit)))
    if (!picked.includes(hit.id) && parts.some((_, part) => share(hit.id, part) >= 1)) take(hit.id);
  while (picked.length < Math.min(limit, 40, ids.length)) {
    const quotients = parts.map(({ weight }, part) => weight / (2 * seats[part]! + 1));
    const chosen = quotients.indexOf(Math.max(...quotients));
    let best = '';
    let bestGain = -1;
    for (const id of ids) {
      if (picked.includes(id)) continue;
      let gain = 0;
      parts.forEach((_, part) => {
        if (share(id, part) > 0)
          gain += (part === chosen ? 0.5 : 1 - 0.5) * quotients[part]! * share(id, part);
      });
      if (gain > bestGain) [best, bestGain] = [id, gain];
    }
    take(best);
  }
  const found = picked.map((id) => own.get(id) ?? { id, score: 0, relevant: relevantOf(id) });
  for (const hit of whole) if (found.length < limit && !picked.includes(hit.id)) found.push(hit);
  const last = whole.length > 0 ? whole[whole.length - 1]!.score : 0;
  return found.map((hit, at) => ({ id: hit.id, score: whole[at]?.score ?? last, relevant: hit.relevant }));
}

describe('the recall-first match of a request of several sentences', () => {
  const documents = [
    ['getWeather', 'Current weather of a city'],
    ['getWeatherForecast', 'Weather forecast of a city for the next days'],
    ['getWeatherAlerts', 'Weather alerts and warnings of a city'],
    ['getWeatherHistory', 'Past weather of a city'],
    ['getWeatherRadar', 'Weather radar images of a city'],
    ['getWeatherMap', 'Weather map of a city'],
    ['getWeatherWarnings', 'Severe weather warnings and alerts of a city'],
    ['getWeatherForecastHourly', 'Hourly weather forecast of a city'],
    ['getCityInfo', 'Population and area of a city'],
    ['bookHotel', 'Book a hotel room in a city'],
    ['getHotelReviews', 'Reviews of a hotel'],
    ['translateText', 'Translate a text'],
    ['sendEmail', 'Send an email'],
  ].map(([id, description]) => rankDocument(id!, { description: description! }));
  const ranker = createLexicalRanker();
  for (const document of documents) ranker.add(document);
  const asks =
    'I need the current weather, the forecast, the weather alerts, the weather map and the radar for Oslo';

  it('gives the second ask a place that near-duplicates of the first take in one sentence', () => {
    const apart = ranker.match(`${asks}. And a hotel there.`, { limit: 4 });
    const together = ranker.match(`${asks}, and a hotel there.`, { limit: 4 });
    expect(apart.map((hit) => hit.id)).toContain('getHotelReviews');
    expect(together.map((hit) => hit.id)).not.toContain('getHotelReviews');
    expect(apart.slice(0, 2)).toEqual(together.slice(0, 2));
    // The third of the whole request's places is a near-duplicate no part has as its best: the hotel takes it.
    expect(apart[2]!.id).toBe('getHotelReviews');
    const scores = apart.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('ranks in one pass with bySentence: false', () => {
    const flat = createLexicalRanker({ bySentence: false });
    for (const document of documents) flat.add(document);
    const apart = flat.match(`${asks}. And a hotel there.`, { limit: 4 });
    expect(apart.map((hit) => hit.id)).not.toContain('getHotelReviews');
    expect(apart.map((hit) => hit.id)).toEqual(
      flat.rank(`${asks}. And a hotel there.`, { limit: 4, threshold: 0 }).map((hit) => hit.id),
    );
  });

  it("passes the word-vector ranker's bySentence to its lexical ranker", () => {
    const request = `${asks}. And a hotel there.`;
    const vectors = { words: ['weather', 'hotel'], dimensions: 2, values: Float32Array.of(1, 0, 0, 1) };
    const idsOf = (ranker: LexicalRanker | WordVectorRanker) => {
      for (const document of documents) ranker.add(document);
      return ranker.match(request, { limit: 4 }).map((hit) => hit.id);
    };
    const placed = idsOf(createWordVectorRanker({ vectors }));
    const flat = idsOf(createWordVectorRanker({ vectors, bySentence: false }));
    expect(placed).toContain('getHotelReviews');
    expect(flat).not.toContain('getHotelReviews');
    // Recall first, the word-vector ranker keeps its lexical ranker's order.
    expect(placed).toEqual(idsOf(createLexicalRanker()));
    expect(flat).toEqual(idsOf(createLexicalRanker({ bySentence: false })));
  });

  it('flags each match as the threshold judges the whole request', () => {
    const request = `${asks}. And a hotel there.`;
    const relevant = new Set(ranker.search(request).keys());
    for (const hit of ranker.match(request)) expect(hit.relevant).toBe(relevant.has(hit.id));
  });

  it('answers rankExplained with matchLimit as match does', () => {
    const request = `${asks}. And a hotel there.`;
    const { matches } = ranker.rankExplained(request, { limit: 10, threshold: 0, matchLimit: 4 });
    expect(matches).toEqual(ranker.match(request, { limit: 4 }));
  });

  it("answers rankExplained with match's plan as match does, explaining each match", () => {
    for (const request of [`${asks}. And a hotel there.`, 'weather in paris', 'book flights and hotels']) {
      // Hits of one, matches of four: the other matches are explained all the same.
      const shared = ranker.rankExplained(request, {
        limit: 1,
        threshold: 0,
        matchLimit: 4,
        matchPlan: true,
      });
      expect(shared.matches).toEqual(ranker.match(request, { limit: 4 }));
      for (const { id } of shared.matches!) expect(shared.explained.get(id)?.relevance).toBeGreaterThan(0);
    }
  });

  it("explains a match only a part placed, from below the whole request's head", () => {
    // 39 ledgers each named by a word of the request (two of its words each, their names fully said), and one action
    // for its second sentence whose name the request does not say: the ledgers fill the whole request's head of 30.
    const words = (
      'alpha bravo charlie delta echo foxtrot golf india juliet kilo lima mike november oscar papa quebec romeo ' +
      'sierra tango uniform victor whiskey xray yankee zulu amber azure beige coral crimson ivory khaki lilac ' +
      'maroon olive orchid salmon sienna teal'
    ).split(' ');
    const crowded = createLexicalRanker();
    for (const [at, word] of words.entries()) {
      const next = words[(at + 1) % words.length];
      crowded.add(rankDocument(word, { description: `The ${word} ${next} ledger` }));
    }
    crowded.add(rankDocument('reserveLodging', { description: 'Book a hotel room' }));
    const request = `Open the ${words.join(' ')} ledgers. And book a hotel there.`;
    const head = crowded.rankExplained(request, { limit: 30, threshold: 0 }).hits.map((hit) => hit.id);
    expect(head).not.toContain('reserveLodging');
    const shared = crowded.rankExplained(request, {
      limit: 12,
      threshold: 0,
      matchLimit: 12,
      matchPlan: true,
    });
    expect(shared.matches).toEqual(crowded.match(request, { limit: 12 }));
    expect(shared.matches!.map((hit) => hit.id)).toContain('reserveLodging');
    expect(shared.explained.get('reserveLodging')?.relevance).toBeGreaterThan(0);
  });

  it("shares the pass of a many-part request without explaining its parts' hits", () => {
    const request = `${asks}. And a hotel there.`;
    const also = ['getHotelReviews', documents[0]!.id];
    const alone = ranker.rankExplained(request, { limit: 2, threshold: 0, also });
    const shared = ranker.rankExplained(request, { limit: 2, threshold: 0, also, matchLimit: 4 });
    expect(shared.matches).toEqual(ranker.match(request, { limit: 4 }));
    expect(shared.matches!.map((hit) => hit.id)).toContain('getHotelReviews');
    // Only the hits and what was asked for: not the other actions the parts found.
    expect([...shared.explained]).toEqual([...alone.explained]);
    expect(shared.explained.size).toBeLessThan(shared.matches!.length + also.length);
  });
});
