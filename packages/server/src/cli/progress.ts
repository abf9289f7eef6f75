import type { CliIO } from './cli-io.js';

/** A live status line for long work. */
export interface Progress {
  /** Show what is happening now. */
  step(text: string): void;
  /** Clear the line (the caller prints its own result). */
  done(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A spinner with the current step on stderr, redrawn every 80 ms, when stderr is a terminal; otherwise nothing at
 * all, so logs, pipes and `--json` output stay clean.
 */
export function startProgress(io: CliIO, interval = 80): Progress {
  if (!io.interactive) return { step: () => {}, done: () => {} };
  let text = '';
  let frame = 0;
  const draw = () => {
    io.err(`\r\u001b[2K${FRAMES[frame % FRAMES.length]} ${text}`);
    frame += 1;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    step(next) {
      text = next;
      draw();
      timer ??= setInterval(draw, interval);
      timer.unref?.();
    },
    done() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (text) io.err('\r\u001b[2K');
      text = '';
    },
  };
}
