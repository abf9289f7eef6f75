import { describe, expect, it } from 'vitest';
import {
  createInputProviders,
  type ProviderFacts,
  providerFactsOf,
  statedOutput,
  withInputProviders,
} from './input-providers.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';
import type { RankParameter } from './types.js';

const needing = (...names: string[]): RankParameter[] =>
  names.map((name) => ({ name, description: '', required: true }));

// A small map server: searches near a point need its latitude and longitude; geocoding gives them.
const mapServer = [
  rankDocument('maps.find_parking', {
    description: 'Locate parking facilities near a specific location.',
    parameters: needing('latitude', 'longitude'),
  }),
  rankDocument('maps.find_nearby_places', {
    description: 'Discover points of interest near a location.',
    parameters: needing('latitude', 'longitude'),
  }),
  rankDocument('maps.geocode_address', {
    description:
      'Convert an address or place name to coordinates.\n\nReturns:\n  - coordinates (latitude/longitude)',
    parameters: needing('address'),
  }),
  rankDocument('maps.reverse_geocode', {
    description:
      'Convert coordinates to an address. Returns the address at the latitude and longitude given.',
    parameters: needing('latitude', 'longitude'),
  }),
];

describe('the input providers of the best match in the recall-first intent', () => {
  it('reads what a description says an action gives back: a Returns section, or a sentence from its "returns" on', () => {
    expect(
      statedOutput('Geocode a place.\n\nArgs:\n  address: where\n\nReturns:\n  - latitude/longitude'),
    ).toBe('Returns:\n  - latitude/longitude');
    expect(statedOutput('Search papers. It returns their ids and titles. Fast.')).toBe(
      'returns their ids and titles.',
    );
    expect(statedOutput('Outputs: a list of stations')).toBe('Outputs: a list of stations');
    expect(statedOutput('Add a paragraph to a document.')).toBe('');
  });

  it('knows what an action needs (its required parameters) and gives (its own name and stated output, less its parameters)', () => {
    const [, , geocode, reverse] = mapServer.map(providerFactsOf);
    expect(geocode!.group).toBe('name:maps');
    expect(geocode!.needs).toEqual(['address']);
    expect([...geocode!.gives]).toEqual(expect.arrayContaining(['geocod', 'latitud', 'longitud']));
    // Its own parameter is not something it gives; the namespace is not part of its own name.
    expect(geocode!.gives.has('address')).toBe(false);
    expect(geocode!.gives.has('map')).toBe(false);
    // It says it returns an address at a latitude and longitude, but takes those: it gives only the address.
    expect(reverse!.gives.has('latitud')).toBe(false);
    expect(reverse!.gives.has('address')).toBe(true);
    // A decimal point is no namespace: the whole name is its own.
    expect(providerFactsOf(rankDocument('getPM2.5Level')).gives.has('level')).toBe(true);
  });

  it('lifts the head’s providers by the share of its needs they give, never above the head, and brings in one unmatched', () => {
    const facts = new Map<string, ProviderFacts>(
      mapServer.map((document) => [document.id, providerFactsOf(document)]),
    );
    const members = new Map([['name:maps', new Set(mapServer.map((document) => document.id))]]);
    const matches = [
      { id: 'maps.find_parking', score: 0.6, relevant: true },
      { id: 'other.parking_fees', score: 0.5, relevant: true },
      { id: 'maps.find_nearby_places', score: 0.2, relevant: false },
      { id: 'other.weather', score: 0.15, relevant: false },
    ];
    const lifted = withInputProviders(matches, facts, members, 0.5, 10);
    // geocode_address gives both of latitude and longitude: 0.5 × 0.6 × 2/2 = 0.3, and it was not matched.
    expect(lifted.map((match) => match.id)).toEqual([
      'maps.find_parking',
      'other.parking_fees',
      'maps.geocode_address',
      'maps.find_nearby_places',
      'other.weather',
    ]);
    expect(lifted[2]).toEqual({ id: 'maps.geocode_address', score: 0.3, relevant: false });
    // Never above the head, however much it is lifted.
    const close = [matches[0]!, { id: 'maps.geocode_address', score: 0.55, relevant: true }];
    expect(withInputProviders(close, facts, members, 1, 10)[1]).toEqual({
      id: 'maps.geocode_address',
      score: 0.6,
      relevant: true,
    });
    expect(withInputProviders(matches, facts, members, 0.5, 2)).toEqual(matches.slice(0, 2));
    // A head that needs nothing, has no group, or the weight 0: the matches as they were.
    const needsNothing = [{ id: 'maps.geocode_address', score: 0.6, relevant: true }, ...matches.slice(1)];
    const noAddress = new Map(facts).set('maps.geocode_address', {
      ...facts.get('maps.geocode_address')!,
      needs: [],
    });
    expect(withInputProviders(needsNothing, noAddress, members, 0.5, 10)).toEqual(needsNothing);
    expect(withInputProviders(matches, facts, new Map(), 0.5, 10)).toEqual(matches);
    expect(withInputProviders(matches, facts, members, 0, 3)).toEqual(matches.slice(0, 3));
  });

  it('keeps its documents in step, and refuses a weight outside [0, 1]', () => {
    const providers = createInputProviders(0.5);
    for (const document of mapServer) providers.add(document);
    const head = [{ id: 'maps.find_parking', score: 0.6, relevant: true }];
    expect(providers.lift(head, 5).map((match) => match.id)).toEqual([
      'maps.find_parking',
      'maps.geocode_address',
    ]);
    providers.remove('maps.geocode_address');
    expect(providers.lift(head, 5)).toEqual(head);
    expect(() => createInputProviders(1.5)).toThrow(RangeError);
    expect(() => createInputProviders(-0.1)).toThrow(RangeError);
  });

  it('brings the geocoder into the lexical ranker’s top 3 for a request about parking near a place', () => {
    const documents = [
      ...mapServer,
      rankDocument('city.parking_fees', { description: 'Parking fees of a city' }),
      rankDocument('city.places', { description: 'Interesting places of a city' }),
      ...Array.from({ length: 20 }, (_, at) =>
        rankDocument(`filler${at}`, { description: `unrelated tool ${at}` }),
      ),
    ];
    const request = 'find parking near the Forbidden City';
    const top = (inputProviders: number) => {
      const ranker = createLexicalRanker({ inputProviders });
      for (const document of documents) ranker.add(document);
      return ranker.match(request, { limit: 3 }).map((match) => match.id);
    };
    expect(top(0)).not.toContain('maps.geocode_address');
    expect(top(0.5)).toEqual(['maps.find_parking', expect.any(String), 'maps.geocode_address']);
    // The threshold's answer is not touched.
    const plain = createLexicalRanker({ inputProviders: 0 });
    const lifted = createLexicalRanker();
    for (const document of documents) {
      plain.add(document);
      lifted.add(document);
    }
    expect([...lifted.search(request)]).toEqual([...plain.search(request)]);
  });
});
