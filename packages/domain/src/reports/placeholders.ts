/**
 * Rich text of report templates carries placeholders, `{{aqiMean}}`, which a generated report fills
 * with the numbers of its area and period. The names a template may use are a fixed list (contracts:
 * REPORT_PLACEHOLDERS), so that a typo is refused when the template is saved rather than printed in a
 * report sent to the bureau's leaders.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholder names in a text, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Names in `text` that are not in `known`. */
export function unknownPlaceholders(text: string, known: ReadonlySet<string>): string[] {
  return placeholdersIn(text).filter((name) => !known.has(name));
}

/** The text with every placeholder replaced; a value that is missing (no data) reads `missing`. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string | null | undefined>>,
  missing = '—',
): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => values[name] ?? missing);
}
