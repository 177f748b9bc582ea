/** A person's text for SQL LIKE/ILIKE: `%`, `_` and `\` match themselves, not any characters. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
