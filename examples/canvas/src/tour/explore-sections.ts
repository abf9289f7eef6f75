import { DEMO_USERS } from '../create-canvas-registry.js';
import { describeBlock } from '../model/describe-block.js';
import { clip } from './printer.js';
import type { TourContext } from './tour-context.js';

const editor = DEMO_USERS.editor;

/** Print every block of the document with one sentence about it. */
export function showDocument({ documents, print }: TourContext): void {
  print.heading('The document');
  for (const block of documents.list()) {
    print.line(
      `${print.style('name', block.id.padEnd(8))} ${block.type.padEnd(9)} ${describeBlock(block)}`,
      1,
    );
  }
}

/** For each block, what the editor can do there, and why the rest is greyed out. */
export function showAvailable({ registry, documents, print }: TourContext): void {
  print.heading(`What can I do here? (as ${editor.id}, an editor)`);
  let otherTypes = 0;
  for (const block of documents.list()) {
    print.line(
      `${print.style('name', block.id)} ${print.style('dim', `(${block.type}${block.locked ? ', locked' : ''})`)}`,
      1,
    );
    const entries = registry.available({ target: block, user: editor });
    const own = entries.filter((entry) => entry.action.scope === block.type);
    otherTypes = entries.length - own.length;
    const width = Math.max(...own.map((entry) => entry.name.length));
    for (const entry of own) {
      const name = entry.name.padEnd(width);
      if (entry.available) print.line(`${print.style('ok', '✓')} ${name}  ${entry.action.title ?? ''}`, 2);
      else print.line(print.style('dim', `✗ ${name}  ${entry.reason}`), 2);
    }
  }
  print.line();
  print.line(
    print.style('dim', `Each block also leaves out the ${otherTypes} actions meant for other block types.`),
    1,
  );
}

/** Rank a shape's actions against what a user typed. */
export function showRelevance({ registry, documents, print }: TourContext): void {
  const query = 'make this bigger';
  print.heading(`Relevance: "${query}" on shape-1`);
  const ranked = registry.available({
    target: documents.get('shape-1')!,
    user: editor,
    query,
    include: 'available',
    limit: 3,
  });
  ranked.forEach((entry, index) => {
    const score = (entry.score ?? 0).toFixed(2);
    print.line(
      `${index + 1}. ${print.style('name', entry.name)}  ${print.style('dim', `score ${score}`)}  ${clip(entry.action.description, 70)}`,
      1,
    );
  });
  const left =
    registry.available({ target: 'shape:shape-1', user: editor, include: 'available' }).length -
    ranked.length;
  print.line(
    print.style(
      'dim',
      `${left} other available shape actions do not match and are left out, so the model is not flooded.`,
    ),
    1,
  );
}
