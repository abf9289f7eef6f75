// A small registry of scoped actions for the slide-request tuning set (test/fixtures/slide-requests): a slide editor
// (text boxes, images, charts and tables on slides), written as a library user writes actions, with the actions every
// element has made by one helper and edits refused on a locked element. It is not the canvas demo; its handlers only
// echo what they were given (the set measures ranking, nothing runs).
import type { AnyAction, Availability } from '@affordance/core';
import { number, type ScopedActionShape, scopedActions, text } from './scoped-actions.js';

/** The kinds of element on a slide, and the slide itself. */
export type DeckScope = 'textBox' | 'image' | 'chart' | 'table' | 'slide';

/** What a target of the deck holds that conditions read. */
export interface DeckTarget {
  readonly type: DeckScope;
  readonly id: string;
  readonly locked: boolean;
}

/** One action of the deck, and its condition. */
interface DeckAction extends ScopedActionShape<DeckScope> {
  /** Edits are refused on a locked element; `lock` and `unlock` each need the other state. */
  readonly when?: 'editable' | 'unlocked' | 'locked';
}

/** The name a request would use for each kind of element. */
const NOUN: Readonly<Record<Exclude<DeckScope, 'slide'>, string>> = {
  textBox: 'text box',
  image: 'image',
  chart: 'chart',
  table: 'table',
};

/** What every element of a slide can do: copy, delete, lock, unlock and show its details. */
function elementActions(scope: Exclude<DeckScope, 'slide'>): DeckAction[] {
  const noun = NOUN[scope];
  return [
    {
      scope,
      name: 'duplicate',
      title: 'Duplicate',
      description: `Make a copy of the ${noun} on the same slide, placed just below and to the right of it.`,
      examples: [`Duplicate this ${noun}`, 'Copy it'],
      tags: ['copy', 'clone'],
    },
    {
      scope,
      name: 'delete',
      title: 'Delete',
      description: `Delete the ${noun} from the slide. It can be brought back with undo.`,
      examples: [`Delete this ${noun}`, 'Remove it from the slide'],
      tags: ['remove'],
      when: 'editable',
    },
    {
      scope,
      name: 'lock',
      title: 'Lock position',
      description: `Lock the ${noun} so it cannot be moved, resized or edited by mistake.`,
      examples: [`Lock this ${noun}`],
      tags: ['pin'],
      when: 'unlocked',
    },
    {
      scope,
      name: 'unlock',
      title: 'Unlock',
      description: `Unlock the ${noun} so it can be moved and edited again.`,
      examples: [`Unlock this ${noun}`],
      when: 'locked',
    },
    {
      scope,
      name: 'inspect',
      title: 'Show details',
      description: `Show the ${noun}'s properties: its position, size and style. Changes nothing.`,
      examples: ['Show its properties', `What is this ${noun}?`],
      tags: ['info', 'properties'],
    },
  ];
}

const DECK_ACTIONS: readonly DeckAction[] = [
  ...elementActions('textBox'),
  {
    scope: 'textBox',
    name: 'editText',
    title: 'Edit text',
    description: 'Replace the text of the text box with new text.',
    examples: ['Change the text to Quarterly results', 'Rewrite this'],
    properties: { text: text('The new text') },
    required: ['text'],
    when: 'editable',
  },
  {
    scope: 'textBox',
    name: 'setFont',
    title: 'Change font',
    description: 'Change the font family and size of the text, e.g. Arial 24.',
    examples: ['Use Georgia', 'Font size 32'],
    tags: ['typeface'],
    properties: { family: text('Font family, e.g. Arial'), size: number('Font size in points') },
    required: ['family'],
    when: 'editable',
  },
  {
    scope: 'textBox',
    name: 'align',
    title: 'Align text',
    description: 'Align the text to the left, the centre or the right of the box.',
    examples: ['Center the text', 'Align it left'],
    properties: { alignment: { type: 'string', enum: ['left', 'center', 'right'], description: 'Where' } },
    required: ['alignment'],
    when: 'editable',
  },
  ...elementActions('image'),
  {
    scope: 'image',
    name: 'replace',
    title: 'Replace image',
    description:
      'Replace the picture with another one from a link or an upload, keeping its size and position.',
    examples: ['Use this photo instead', 'Swap the picture for the new logo'],
    properties: { src: text('Link to the new picture') },
    required: ['src'],
    when: 'editable',
  },
  {
    scope: 'image',
    name: 'crop',
    title: 'Crop',
    description: 'Crop the image to a rectangle, cutting off its edges.',
    examples: ['Crop it to a square', 'Cut off the bottom of the picture'],
    tags: ['trim'],
    properties: {
      x: number('Left edge of the crop in pixels'),
      y: number('Top edge of the crop in pixels'),
      width: number('Width of the crop in pixels'),
      height: number('Height of the crop in pixels'),
    },
    required: ['x', 'y', 'width', 'height'],
    when: 'editable',
  },
  {
    scope: 'image',
    name: 'setAltText',
    title: 'Set alt text',
    description: 'Set the alternative text screen readers say for the image.',
    examples: ['Alt text: our team at the summit'],
    tags: ['accessibility'],
    properties: { alt: text('What the picture shows, in words') },
    required: ['alt'],
    when: 'editable',
  },
  ...elementActions('chart'),
  {
    scope: 'chart',
    name: 'changeType',
    title: 'Change chart type',
    description: 'Show the data as another kind of chart: bar, line, pie or area.',
    examples: ['Make it a pie chart', 'Switch to a line chart'],
    properties: {
      kind: { type: 'string', enum: ['bar', 'line', 'pie', 'area'], description: 'The kind of chart' },
    },
    required: ['kind'],
    when: 'editable',
  },
  {
    scope: 'chart',
    name: 'editData',
    title: 'Edit data',
    description: "Change the numbers the chart shows, in the chart's data sheet.",
    examples: ['Set March to 120', 'Update the figures'],
    properties: { values: text('The new values, as label: number pairs') },
    required: ['values'],
    when: 'editable',
  },
  ...elementActions('table'),
  {
    scope: 'table',
    name: 'addRow',
    title: 'Add row',
    description: 'Insert an empty row above or below the selected row of the table.',
    examples: ['Add a row at the bottom', 'Insert a row above'],
    properties: { position: { type: 'string', enum: ['above', 'below'], description: 'Where' } },
    when: 'editable',
  },
  {
    scope: 'table',
    name: 'sort',
    title: 'Sort table',
    description: "Sort the table's rows by one of its columns, ascending or descending.",
    examples: ['Sort by price', 'Order the rows by name'],
    properties: { column: text('The column to sort by'), descending: { type: 'boolean' } },
    required: ['column'],
    when: 'editable',
  },
  {
    scope: 'slide',
    name: 'changeLayout',
    title: 'Change layout',
    description: 'Apply another layout to the slide: title, title and content, two columns or blank.',
    examples: ['Use the two column layout', 'Make this a title slide'],
    properties: {
      layout: {
        type: 'string',
        enum: ['title', 'title and content', 'two columns', 'blank'],
        description: 'The layout',
      },
    },
    required: ['layout'],
  },
  {
    scope: 'slide',
    name: 'setBackground',
    title: 'Set background',
    description: "Set the slide's background to a colour or a picture.",
    examples: ['Make the background dark blue'],
    properties: { background: text('A colour name, a hex code or a picture link') },
    required: ['background'],
  },
  {
    scope: 'slide',
    name: 'editNotes',
    title: 'Edit speaker notes',
    description: 'Write the notes the presenter sees below the slide while presenting.',
    examples: ['Add a note to mention the budget'],
    properties: { notes: text('The notes') },
    required: ['notes'],
  },
];

/** A target's availability for an action's condition. */
function availabilityOf(when: DeckAction['when'], target: DeckTarget | undefined): Availability {
  if (!when || !target) return true;
  if (when === 'locked') return target.locked ? true : { available: false, reason: 'not locked' };
  if (!target.locked) return true;
  return { available: false, reason: when === 'unlocked' ? 'already locked' : 'locked' };
}

/** The deck's actions, as `defineAction` makes them. */
export function slideDeckActions(): AnyAction[] {
  return scopedActions(DECK_ACTIONS, (action, target) =>
    availabilityOf(action.when, target as DeckTarget | undefined),
  );
}

/** The selectable things of the deck: one of each type (`type:id`). */
export const SLIDE_DECK_TARGETS = ['textBox:t1', 'image:i1', 'chart:c1', 'table:tb1', 'slide:s1'] as const;
