/** The styles the tour prints in. */
export type Style = 'title' | 'heading' | 'ok' | 'fail' | 'dim' | 'name' | 'code';

const ANSI: Readonly<Record<Style, [string, string]>> = {
  title: ['\u001b[1;4m', '\u001b[0m'],
  heading: ['\u001b[1;36m', '\u001b[0m'],
  ok: ['\u001b[32m', '\u001b[39m'],
  fail: ['\u001b[31m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  name: ['\u001b[1m', '\u001b[22m'],
  code: ['\u001b[33m', '\u001b[39m'],
};

/** Writes the tour's lines, in colour or plain. */
export interface Printer {
  /** Print one line (two spaces of indent per `indent` step). */
  line(text?: string, indent?: number): void;
  /** Print a numbered section heading with a blank line before it. */
  heading(text: string): void;
  /** Wrap text in a style (plain when colour is off). */
  style(style: Style, text: string): string;
}

/** A printer over `write`, using ANSI colours only when `color` is true. */
export function createPrinter(options: {
  readonly write: (text: string) => void;
  readonly color: boolean;
}): Printer {
  const style = (name: Style, text: string) => {
    if (!options.color) return text;
    const [open, close] = ANSI[name];
    return `${open}${text}${close}`;
  };
  let section = 0;
  return {
    line(text = '', indent = 0) {
      options.write(`${'  '.repeat(indent)}${text}\n`);
    },
    heading(text) {
      section++;
      options.write(`\n${style('heading', `${section}. ${text}`)}\n`);
    },
    style,
  };
}

/** Text cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
