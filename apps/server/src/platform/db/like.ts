/**
 * Searching by a piece of text (`keyword` filters of the platform's lists). LIKE wildcards typed by
 * the user are dropped rather than escaped: SQLite and PostgreSQL disagree on the default escape
 * character, and no one searches names for % or _.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_]/g, '')}%`;
}
