import { describe, expect, it } from 'vitest';
import type { CliIO } from './cli-io.js';
import { startProgress } from './progress.js';

function fakeIO(interactive: boolean) {
  const errors: string[] = [];
  const io: CliIO = {
    out: () => {},
    err: (text) => errors.push(text),
    color: false,
    interactive,
    readStdin: async () => '',
  };
  return { io, errors };
}

describe('startProgress', () => {
  it('draws the step on stderr and clears the line when done, on a terminal', () => {
    const { io, errors } = fakeIO(true);
    const progress = startProgress(io, 60_000);
    progress.step('Applying migrations…');
    progress.step('Loading the registry…');
    progress.done();
    expect(errors).toEqual([
      '\r\u001b[2K⠋ Applying migrations…',
      '\r\u001b[2K⠙ Loading the registry…',
      '\r\u001b[2K',
    ]);
  });

  it('writes nothing when stderr is not a terminal', () => {
    const { io, errors } = fakeIO(false);
    const progress = startProgress(io);
    progress.step('Applying migrations…');
    progress.done();
    expect(errors).toEqual([]);
  });
});
