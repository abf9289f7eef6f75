import { describe, expect, it } from 'vitest';
import { createJoinedWords } from './joined-words.js';
import { createLexicalRanker } from './lexical-ranker.js';
import { rankDocument } from './rank-document.fixture.js';

describe('createJoinedWords', () => {
  it('splits a word where a name writes it as two side-by-side words', () => {
    const joined = createJoinedWords();
    joined.add({ id: 'a', name: 'performCopyEditing' });
    joined.add({ id: 'b', name: 'tools.get_health_care_cost' });
    expect(joined.split('copyediting', 'copyedit')).toEqual(['copi', 'edit']);
    expect(joined.split('healthcare', 'healthcar')).toEqual(['health', 'care']);
    // No name cuts "flowering" as "flow" + "ring", nor "performcopy" (not side by side in one name's own part).
    expect(joined.split('flowering', 'flower')).toBeUndefined();
    expect(joined.split('getcopy', 'getcopi')).toBeUndefined();
    joined.remove('a');
    expect(joined.split('copyediting', 'copyedit')).toBeUndefined();
  });

  it('leaves a word another name holds whole', () => {
    const joined = createJoinedWords();
    joined.add({ id: 'a', name: 'getSoundArtWork' });
    expect(joined.split('artwork', 'artwork')).toEqual(['art', 'work']);
    joined.add({ id: 'b', name: 'getArtwork' });
    expect(joined.split('artwork', 'artwork')).toBeUndefined();
    joined.remove('b');
    expect(joined.split('artwork', 'artwork')).toEqual(['art', 'work']);
  });
});

describe('a word written as one where a name writes two, in the recall-first match', () => {
  const ranker = createLexicalRanker();
  ranker.add(
    rankDocument('copy', { name: 'performCopyEditing', description: 'Perform copy editing on a document' }),
  );
  ranker.add(
    rankDocument('manual', { name: 'getTechnicalManual', description: 'Retrieve a technical manual' }),
  );
  ranker.add(
    rankDocument('perform', { name: 'getPerformanceData', description: 'Retrieve performance data' }),
  );
  for (let at = 0; at < 20; at++)
    ranker.add(
      rankDocument(`other${at}`, { name: `getThing${at}`, description: `A thing ${at} with no such words` }),
    );

  it('finds the action the name says', () => {
    expect(ranker.match('Please perform copyediting on the technical manual.', { limit: 3 })[0]!.id).toBe(
      'copy',
    );
  });

  it('leaves the threshold as it was', () => {
    // The threshold's plan looks the word up as written: the name's two words do not make it relevant.
    expect(ranker.rank('copyediting').map((hit) => hit.id)).not.toContain('copy');
  });
});
