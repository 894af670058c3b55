// @ts-check
// Icons the scripts draw, as inline SVG in the text colour (our own line art, like
// heartsuite/web/icons.py for the page markup): no emoji or symbol font needed. Each is decoration
// only; the element around it carries the accessible name.

/** @type {Record<string, string>} */
const PATHS = {
  restart: '<path d="M6 5v14"/><path d="M18 5 9 12l9 7Z" fill="currentColor"/>',
  prev: '<path d="M16 5 7 12l9 7Z" fill="currentColor"/>',
  next: '<path d="M8 5l9 7-9 7Z" fill="currentColor"/>',
  redeal: '<path d="M20 12a8 8 0 1 1-2.3-5.6"/><path d="M20 4v5h-5"/>',
  moon: '<path d="M15 3.5a8.5 8.5 0 1 0 5.5 13.6A7 7 0 0 1 15 3.5Z" fill="currentColor"/>',
  star: '<path d="m12 3 2.7 5.8 6.3.7-4.7 4.3 1.3 6.2L12 16.9 6.4 20l1.3-6.2L3 9.5l6.3-.7Z"'
    + ' fill="currentColor"/>',
};

/**
 * The icon `name` as an SVG string, hidden from assistive technology.
 * @param {string} name
 */
export function icon(name) {
  return `<svg class="glyph" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"`
    + ` stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`;
}
