/** Rough width of one character of the diagram's sans-serif labels, as a share of the font size. */
const CHAR_WIDTH = 0.6;

/**
 * Shortens a label to fit `roomPx`: addresses keep their distinctive end ("…100.11"), names their
 * start ("files-server-0…"). The full text stays in the node's tooltip and details card.
 * @example fitLabel('198.51.100.11', 50, 11) // '…100.11'
 */
export function fitLabel(text: string, roomPx: number, fontPx: number): string {
  const fits = Math.max(3, Math.floor(roomPx / (fontPx * CHAR_WIDTH)));
  if (text.length <= fits) return text;
  if (/^[\d./]+$/.test(text)) return `…${text.slice(text.length - fits + 1).replace(/^\./, '')}`;
  return `${text.slice(0, fits - 1)}…`;
}
