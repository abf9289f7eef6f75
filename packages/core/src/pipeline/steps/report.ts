import { NEXT, type Step } from '../call-state.js';

/** Tell the call's watchers (events' `call-end`, a tracing span) its result. */
export const report: Step = {
  name: 'report',
  only: 'watched',
  closing: true,
  run(state) {
    state.watch?.end?.(state.result!);
    return NEXT;
  },
};
