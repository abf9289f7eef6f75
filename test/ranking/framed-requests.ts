// Requests made by combining (the framed canvas requests, eighth tuning set, and the slide editor's phrases asked in
// the same frames): each phrase of an action, its target named in each of its scope's ways, in each frame.
import { readFixture } from './datasets.js';

/** Ways to name the selected target of each scope, and each action's phrases (`{x}` the target), by action key. */
export interface FramedPhrases {
  readonly refs: Record<string, ReadonlyArray<{ readonly target: string; readonly words: string }>>;
  readonly phrases: Record<string, readonly string[]>;
}

/** The framed canvas requests' file: its phrases, and the batches of frames (`{vp}` a phrase, `{VP}` capitalised). */
export interface CanvasFrames extends FramedPhrases {
  readonly frames: ReadonlyArray<readonly string[]>;
}

/** One request made by combining: the action key its phrase is of, its batch of frames and its frame. */
export interface FramedRequest {
  readonly target: string;
  readonly query: string;
  readonly action: string;
  readonly batch: number;
  readonly frame: string;
}

/** `test/fixtures/agent-tasks/canvas-frames.json`. */
export function canvasFrames(): CanvasFrames {
  return readFixture<CanvasFrames>('agent-tasks/canvas-frames.json');
}

/**
 * Every phrase of every action (its scope the part of its key before `separator`), its target in each way, in each
 * frame of the batches asked for (1–4) of `frames` (the canvas file's by default), in that order.
 */
export function framedRequests(
  { refs, phrases }: FramedPhrases,
  separator: string,
  batches: readonly number[] = [1, 2, 3, 4],
  frames: ReadonlyArray<readonly string[]> = canvasFrames().frames,
): FramedRequest[] {
  const requests: FramedRequest[] = [];
  for (const batch of batches)
    for (const [action, said] of Object.entries(phrases))
      for (const phrase of said)
        for (const { target, words } of refs[action.split(separator)[0]!]!)
          for (const frame of frames[batch - 1]!) {
            const filled = phrase.replace('{x}', words);
            const query = frame
              .replace('{vp}', filled)
              .replace('{VP}', filled[0]!.toUpperCase() + filled.slice(1));
            requests.push({ target, query, action, batch, frame });
          }
  return requests;
}
