import { pathToFileURL } from 'node:url';
import { createCanvasRegistry } from './create-canvas-registry.js';
import { showCalls } from './tour/call-sections.js';
import { showAvailable, showDocument, showRelevance } from './tour/explore-sections.js';
import { showAudit, showTools } from './tour/output-sections.js';
import { createPrinter } from './tour/printer.js';

/** Where the tour prints, and whether in colour (default: stdout, in colour when it is a terminal). */
export interface TourOptions {
  readonly write?: (text: string) => void;
  readonly color?: boolean;
}

/**
 * The five-minute tour of the canvas demo, printed as text: the document, "what can I do here?" for each
 * block, a relevance query, calls through the run pipeline, tool definitions and the audit log.
 */
export async function runTour(options: TourOptions = {}): Promise<void> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const color = options.color ?? (process.stdout.isTTY === true && process.env.NO_COLOR === undefined);
  const print = createPrinter({ write, color });
  const { registry, documents } = createCanvasRegistry();
  const context = { registry, documents, print };

  print.line(print.style('title', 'Affordance: the canvas tour'));
  print.line(
    '"What can I do here?" One definition of an action, and every place an AI agent or a person meets it.',
  );
  showDocument(context);
  showAvailable(context);
  showRelevance(context);
  await showCalls(context);
  showTools(context);
  await showAudit(context);
  print.line();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `npm start | head` closes the pipe early; that is the reader's choice, not a failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  runTour().catch((error: unknown) => {
    process.stderr.write(`The tour failed: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}
