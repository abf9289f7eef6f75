/**
 * The script of the ranking page (bundled by esbuild for a browser): whether this page may compile WebAssembly, and
 * the rankers' answers (ranking-calls.ts), left on `window.affordanceRanking`.
 */
import { rankingAnswers } from './ranking-calls.js';

const state = window as unknown as { affordanceRanking?: unknown; affordanceRankingError?: string };
let wasmRefused = false;
try {
  // The smallest module: magic and version.
  new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
} catch {
  wasmRefused = true;
}
try {
  state.affordanceRanking = JSON.parse(JSON.stringify({ wasmRefused, answers: rankingAnswers() }));
} catch (error) {
  state.affordanceRankingError = String(error);
}
