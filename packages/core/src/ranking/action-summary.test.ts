import { describe, expect, it } from 'vitest';
import { summaryOf } from './action-summary.js';

describe('summaryOf', () => {
  it("answers a description's first sentence or first line", () => {
    expect(summaryOf('Get the weather forecast for a city.')).toBe('Get the weather forecast for a city.');
    expect(summaryOf('Get the forecast for a city. Arguments: city, units.')).toBe(
      'Get the forecast for a city.',
    );
    expect(summaryOf('Search the web!  Returns up to 10 results.')).toBe('Search the web!');
    expect(summaryOf('Read a file\n\n    Args:\n        path: the file')).toBe('Read a file');
    expect(summaryOf('  Move a shape  ')).toBe('Move a shape');
    expect(summaryOf('')).toBe('');
  });

  it('does not end a sentence at an abbreviation, a version or a decimal', () => {
    expect(summaryOf('Convert units, e.g. metres to feet. Accepts any unit.')).toBe(
      'Convert units, e.g. metres to feet.',
    );
    expect(summaryOf('Query API v2.1 for prices of 3.5 kg parcels. More text.')).toBe(
      'Query API v2.1 for prices of 3.5 kg parcels.',
    );
  });
});
