/**
 * The global search's trigram key (ADR 015): a member's name and e-mail local part, lower case, with
 * the characters that separate words there turned into `0`. pg_trgm splits text into words at any
 * character that is not a letter or digit and pads each word, so "leo kim" would only give trigrams
 * inside "leo" and "kim" and a piece typed across the space ("o ki") would be looked up by " ki", which
 * every "ki…" word shares. Joined into one word ("leo0kim"), the piece becomes "o0ki", whose trigrams
 * "o0k" and "0ki" are rare. A `0` already in an address only makes a few more candidates, which the
 * search checks against the real text anyway.
 *
 * The database computes the same key in `users.search_key` (`translate`, migration 0008); the two
 * lists must stay equal, character for character.
 */
export const SEARCH_KEY_SEPARATORS = " \n.-_'+\u2019"

/** `text` (lower case already) as the search key spells it. */
export function toSearchKey(text: string): string {
  let key = ''
  for (const character of text) key += SEARCH_KEY_SEPARATORS.includes(character) ? '0' : character
  return key
}
