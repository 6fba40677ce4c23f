/** `%`, `_` and `\` typed by someone are literal characters, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
