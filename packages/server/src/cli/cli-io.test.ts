import { describe, expect, it } from 'vitest';
import { wantsColor } from './cli-io.js';

describe('wantsColor', () => {
  it('paints on a terminal unless NO_COLOR is set or the terminal is dumb', () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(true, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(true, { NO_COLOR: '' })).toBe(true);
    expect(wantsColor(true, { TERM: 'dumb' })).toBe(false);
  });

  it('follows FORCE_COLOR over everything else', () => {
    expect(wantsColor(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColor(true, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
