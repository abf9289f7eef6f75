import { loadOnce } from '../util/load-on-call.js';
import { Awaiting, type CallState, type StepAnswer, type StepOutcome } from './call-state.js';

type Run = (state: CallState) => StepAnswer;

/**
 * A step's `run` whose body is loaded on its first call through `load` (an `import()`: a chunk of its own in a
 * bundle, so a page whose calls never need the step never loads it). The first call waits for the load; later
 * ones run the body directly, synchronously where it is. A load that fails fails that call and is tried again.
 * The first call's body may answer with a port's promise (`Awaiting`, e.g. a Postgres history): it is awaited too.
 */
export function runLoadedOnCall(load: () => Promise<Run>): Run {
  let run: Run | undefined;
  const loading = loadOnce(async () => {
    run = await load();
    return run;
  });
  return (state) => {
    if (run) return run(state);
    // The body may answer with a port's promise still on its way (`Awaiting`): wait for it here too.
    return loading().then((loaded): StepOutcome | Promise<StepOutcome> => {
      const answer = loaded(state);
      return answer instanceof Awaiting ? answer.outcome(state) : answer;
    });
  };
}
