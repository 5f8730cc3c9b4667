/** `%text%` for ILIKE, with the pattern characters of the user's text escaped. */
export const ilikeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
