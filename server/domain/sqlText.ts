/** LIKE patterns from user text: `%`, `_` and `\` match themselves (backslash is LIKE's default escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Starts with `text`. */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;

/** Contains `text`. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;
