// A small registry of scoped actions for the targeted-request tuning set (test/fixtures/targeted-requests): a task
// board (cards in columns on a board, files attached to cards), written as a library user writes actions. It is not
// the canvas demo; its handlers only echo what they were given (the set measures ranking, nothing runs).
import { type AnyAction, defineAction, type JsonSchema } from '@affordance/core';

/** One action of the board: its scope, words, examples and the parameters the request must fill. */
interface BoardAction {
  readonly scope: 'card' | 'column' | 'board' | 'attachment';
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly examples: readonly string[];
  readonly tags?: readonly string[];
  /** Parameter name → its JSON schema; `required` lists those the request must fill. */
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
}

const text = (description: string): JsonSchema => ({ type: 'string', description });
const number = (description: string): JsonSchema => ({ type: 'number', description });

const BOARD_ACTIONS: readonly BoardAction[] = [
  {
    scope: 'card',
    name: 'move',
    title: 'Move card',
    description: 'Move the card to another column of the board, such as In progress, Review or Done.',
    examples: ['Move this to Done', 'Put it in the In progress column'],
    properties: { column: text('Name of the column to move the card to') },
    required: ['column'],
  },
  {
    scope: 'card',
    name: 'assign',
    title: 'Assign card',
    description: 'Assign the card to a member of the board, who becomes responsible for it.',
    examples: ['Assign this to Dana', 'Give it to me'],
    tags: ['owner', 'member'],
    properties: { assignee: text('Name or email of the member') },
    required: ['assignee'],
  },
  {
    scope: 'card',
    name: 'unassign',
    title: 'Remove assignee',
    description: "Remove a member from the card's assignees.",
    examples: ['Take me off this card'],
    properties: { assignee: text('Name or email of the member (default: you)') },
  },
  {
    scope: 'card',
    name: 'setDueDate',
    title: 'Set due date',
    description: 'Set or change the date by which the card should be done.',
    examples: ['Due next Friday', 'Set the deadline to March 3'],
    tags: ['deadline', 'schedule'],
    properties: { due: text('The due date, e.g. 2026-03-03') },
    required: ['due'],
  },
  {
    scope: 'card',
    name: 'addLabel',
    title: 'Add label',
    description: 'Add a coloured label such as bug, urgent or design to the card.',
    examples: ['Label this as a bug', 'Tag it urgent'],
    properties: { label: text('The label') },
    required: ['label'],
  },
  {
    scope: 'card',
    name: 'comment',
    title: 'Add comment',
    description: 'Write a comment on the card for the other members to read.',
    examples: ["Comment that I'm on it"],
    properties: { text: text('What the comment says') },
    required: ['text'],
  },
  {
    scope: 'card',
    name: 'archive',
    title: 'Archive card',
    description: 'Archive the card: it leaves the board but can be restored later.',
    examples: ['Archive this card'],
  },
  {
    scope: 'card',
    name: 'delete',
    title: 'Delete card',
    description: 'Delete the card and its comments permanently.',
    examples: ['Delete this card'],
  },
  {
    scope: 'card',
    name: 'rename',
    title: 'Rename card',
    description: "Change the card's title.",
    examples: ['Rename it to Fix login'],
    properties: { title: text('The new title') },
    required: ['title'],
  },
  {
    scope: 'card',
    name: 'editDescription',
    title: 'Edit description',
    description: "Replace the card's description, the longer text under its title.",
    examples: ['Update the description'],
    properties: { description: text('The new description (Markdown)') },
    required: ['description'],
  },
  {
    scope: 'card',
    name: 'addChecklist',
    title: 'Add checklist',
    description: 'Add a checklist of steps to the card; its items can be ticked off one by one.',
    examples: ['Add a checklist with three steps'],
    properties: { items: { type: 'array', items: { type: 'string' }, description: 'The items' } },
  },
  {
    scope: 'card',
    name: 'watch',
    title: 'Watch card',
    description: 'Get notified when the card changes or someone comments on it.',
    examples: ['Follow this card'],
    tags: ['notifications', 'subscribe'],
  },
  {
    scope: 'card',
    name: 'duplicate',
    title: 'Copy card',
    description: 'Make a copy of the card in the same column, with its labels and checklist.',
    examples: ['Duplicate this card'],
  },
  {
    scope: 'card',
    name: 'attachFile',
    title: 'Attach file',
    description: 'Attach a file or a link to the card.',
    examples: ['Attach the mockup'],
    properties: { file: text('The file name or the link') },
    required: ['file'],
  },
  {
    scope: 'card',
    name: 'estimate',
    title: 'Estimate',
    description: "Set the card's estimate in story points.",
    examples: ['This is 3 points'],
    properties: { points: number('Story points, e.g. 1, 2, 3, 5 or 8') },
    required: ['points'],
  },
  {
    scope: 'card',
    name: 'block',
    title: 'Mark as blocked',
    description: 'Flag the card as blocked, with the reason work on it cannot go on.',
    examples: ['This is waiting on the API team'],
    properties: { reason: text('Why the card is blocked') },
  },
  {
    scope: 'column',
    name: 'addCard',
    title: 'Add card',
    description: 'Create a new card at the bottom of the column.',
    examples: ['Add a card called Write tests', 'New task here'],
    properties: { title: text('Title of the new card') },
    required: ['title'],
  },
  {
    scope: 'column',
    name: 'rename',
    title: 'Rename column',
    description: "Change the column's name.",
    examples: ['Rename this column to Review'],
    properties: { name: text('The new name') },
    required: ['name'],
  },
  {
    scope: 'column',
    name: 'setLimit',
    title: 'Set WIP limit',
    description: 'Limit how many cards the column may hold at once (its work-in-progress limit).',
    examples: ['At most 3 cards in this column'],
    properties: { limit: number('The most cards the column may hold') },
    required: ['limit'],
  },
  {
    scope: 'column',
    name: 'sort',
    title: 'Sort cards',
    description: "Sort the column's cards by due date, title or creation date.",
    examples: ['Sort by due date'],
    properties: {
      by: { type: 'string', enum: ['due date', 'title', 'created'], description: 'What to sort by' },
    },
    required: ['by'],
  },
  {
    scope: 'column',
    name: 'archiveAll',
    title: 'Archive all cards',
    description: 'Archive every card in the column at once.',
    examples: ['Archive everything in this list'],
  },
  {
    scope: 'board',
    name: 'addColumn',
    title: 'Add column',
    description: 'Add a column (a list of cards) to the board, e.g. Review.',
    examples: ['Add a column called QA'],
    properties: { name: text('Name of the new column') },
    required: ['name'],
  },
  {
    scope: 'board',
    name: 'invite',
    title: 'Invite member',
    description: 'Invite someone to the board by email; members can see and edit its cards.',
    examples: ['Invite alex@example.com'],
    tags: ['share'],
    properties: { email: text('Email address of the person to invite') },
    required: ['email'],
  },
  {
    scope: 'board',
    name: 'filter',
    title: 'Filter cards',
    description: 'Show only the cards that match a label, a member or a due date.',
    examples: ['Show only my cards'],
    properties: { filter: text('Label, member or due date to match') },
  },
  {
    scope: 'board',
    name: 'changeBackground',
    title: 'Change background',
    description: "Change the board's background colour or picture.",
    examples: ['Make the background blue'],
    properties: { background: text('A colour or an image link') },
    required: ['background'],
  },
  {
    scope: 'board',
    name: 'exportCsv',
    title: 'Export to CSV',
    description: "Export the board's cards as a CSV file for a spreadsheet.",
    examples: ['Download the board as a spreadsheet'],
  },
  {
    scope: 'attachment',
    name: 'remove',
    title: 'Remove attachment',
    description: 'Remove the file from the card it is attached to.',
    examples: ['Remove this attachment'],
  },
  {
    scope: 'attachment',
    name: 'download',
    title: 'Download',
    description: 'Download the attached file.',
    examples: ['Download this file'],
  },
];

/** The board's actions, as `defineAction` makes them. */
export function taskBoardActions(): AnyAction[] {
  return BOARD_ACTIONS.map((action) =>
    defineAction({
      name: action.name,
      scope: action.scope,
      title: action.title,
      description: action.description,
      examples: [...action.examples],
      ...(action.tags ? { tags: [...action.tags] } : {}),
      input: {
        type: 'object',
        properties: action.properties ?? {},
        required: [...(action.required ?? [])],
        additionalProperties: false,
      },
      handler: (input: unknown) => ({ done: action.name, input }),
    } as never),
  );
}

/** The selectable things of the board: one of each type (`type:id`). */
export const TASK_BOARD_TARGETS = ['card:c1', 'column:todo', 'board:b1', 'attachment:a1'] as const;
