import type { Logger } from '../action/types.js';

/** A logger that drops everything: the default, so core never writes to a console on its own. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
