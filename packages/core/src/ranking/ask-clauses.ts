/** Words that chain one ask to the next inside a sentence: ", then", "; ", "and then", "and also". */
const CHAINED = /,\s+then\s+|;\s+|,?\s+and then\s+|,?\s+and also\s+/i;

/**
 * The asks of one sentence: its clauses, split where it chains one ask to the next ("Detect the language of the
 * text, then retrieve the gene's expression pattern."; "… the energy consumption at my home and also the education
 * statistics for the USA"). A sentence without such words is one ask.
 */
export function clausesOf(sentence: string): string[] {
  return sentence.split(CHAINED).filter((clause) => clause.trim().length > 0);
}
