/*
 * docs/architecture.md keeps each voice flow's spec → state table by hand (decision 0039). The flows'
 * spec-table tests list every state and timer their types allow (typed records, so a new one fails
 * the typecheck until listed) and ask which of them the table under `heading` does not name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The names (of states and timers) that the table under `heading` does not mention in backticks. */
export function missingFromSpecTable(heading: string, names: readonly string[]): string[] {
  const doc = readFileSync(path.resolve(__dirname, '../../../../docs/architecture.md'), 'utf8');
  const start = doc.indexOf(heading);
  if (start < 0) throw new Error(`docs/architecture.md has no heading "${heading}"`);
  const rest = doc.slice(start);
  const end = rest.indexOf('\n#', 1);
  const table = end < 0 ? rest : rest.slice(0, end);
  return names.filter((name) => !table.includes(`\`${name}\``));
}
