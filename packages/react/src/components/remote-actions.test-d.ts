import type { ActionEntry, RunAction } from '@affordance/client';
import { createElement as h } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { ActionForm, type ActionFormProps } from './action-form.js';
import { CommandPalette, type CommandPaletteProps } from './command-palette.js';

declare const entries: readonly ActionEntry[];
declare const run: RunAction;

describe('server-action props', () => {
  it('accept the registry mode and the server mode, and refuse server entries without run', () => {
    h(CommandPalette, { target: { type: 'shape', id: 's1' }, limit: 5 });
    h(CommandPalette, { actions: entries, run, onQueryChange: (query: string) => void query });
    // @ts-expect-error: server entries need `run`
    const palette: CommandPaletteProps = { actions: entries };
    h(ActionForm, { name: 'shape_resize' });
    h(ActionForm, { entry: entries[0]!, run, targetParam: 'blockId' });
    // @ts-expect-error: a form is for a registry name or a server entry, not both
    const form: ActionFormProps = { name: 'shape_resize', entry: entries[0]!, run };
    expectTypeOf(palette).toEqualTypeOf<CommandPaletteProps>();
    expectTypeOf(form).toEqualTypeOf<ActionFormProps>();
    expectTypeOf<Parameters<RunAction>>().toEqualTypeOf<[string, Record<string, unknown>]>();
  });
});
