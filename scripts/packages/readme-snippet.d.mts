/** The first ```ts block under the heading `## Five minutes`, as a user would copy it. */
export function fiveMinutesSnippet(readme: string): string;
/** The first ```ts or ```tsx block under a package README's `## Example` heading, and its language. */
export function exampleSnippet(readme: string): { language: 'ts' | 'tsx'; code: string } | undefined;
/** The outputs a snippet promises, in order: the text of each `// →` comment and the `//   ` lines after it. */
export function promisedOutputs(snippet: string): string[];
/** The first promise `output` does not show (in order, whitespace ignored, `…` for anything), or undefined. */
export function missingOutput(output: string, promises: readonly string[]): string | undefined;
