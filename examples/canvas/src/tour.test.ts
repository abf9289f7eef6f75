import { describe, expect, it } from 'vitest';
import { runTour } from './tour.js';

async function tourText(color: boolean): Promise<string> {
  let text = '';
  await runTour({ write: (chunk) => (text += chunk), color });
  return text;
}

describe('the terminal tour', () => {
  it('walks through the document, availability, relevance, calls, tools and the audit log', async () => {
    const text = await tourText(false);
    const lines = text.split('\n').map((line) => line.trim());
    expect(lines).toContain(
      'shape-2  shape     A #f97316 ellipse, 120 × 120 at (240, 40), not rotated, locked.',
    );
    expect(lines).toContain('✗ markdown_updateContent  block is locked');
    expect(lines).toContain('✓ markdown_unlock         Unlock');
    expect(text).toMatch(/Relevance: "make this bigger" on shape-1\n\s+1\. shape_resize /);
    expect(lines).toContain('✓ ok  Color updated to #ff0000');
    expect(lines).toContain(
      'shape-1 is now: A #ff0000 rectangle, 160 × 100 at (40, 40), not rotated, unlocked.',
    );
    expect(lines).toContain("✗ invalid_args  color must match ^#[0-9a-fA-F]{6}$; you sent 'red'");
    expect(lines).toContain('✗ unavailable  shape_resize is unavailable: block is locked');
    expect(text).toMatch(
      /✗ unknown_action {2}there is no action named 'shape_updateColour'\n\s+hint: did you mean 'shape_updateColor'/,
    );
    expect(lines).toContain('✗ forbidden  shape_updateColor requires role editor; user vic has roles viewer');
    expect(text).toMatch(/✗ approval_required {2}shape_remove needs a person's approval/);
    expect(lines).toContain('lead approves → ✓ ok  Deleted shape-3; the document has 5 blocks now');
    expect(text).toContain('"shape_updateColor"');
    expect(text).toMatch(/Tools for ana, per format: openai 26.*mcp 26/);
    expect(lines).toContain('8 calls recorded: 3 ok, 5 failed');
  });

  it('prints plain text unless asked for colour', async () => {
    expect(await tourText(false)).not.toContain('\u001b[');
    expect(await tourText(true)).toContain('\u001b[32m✓');
  });
});
