// @ts-check
// Playing cards drawn as SVG (the project's own art, MIT licence): crisp at any size.
// cardSvg("Q", "S") gives a face; backSvg() the back. Ranks: A 2 … 10 J Q K (T is read as 10).
// Also the one place a rank letter becomes its number (both games name ranks by number).

/** @type {Record<string, number>} */
const RANK_NUMBERS = { A: 1, J: 11, Q: 12, K: 13, T: 10 };

/**
 * A rank's number, 1 (ace) to 13 (king), from its letter or digits ("Q" is 12, "T" or "10" is 10).
 * @param {string} rank
 */
export const rankNumber = (rank) => RANK_NUMBERS[rank] ?? Number(rank);

/** @type {Record<string, { glyph: string, red: boolean }>} */
const SUITS = {
  H: { glyph: "♥", red: true },
  D: { glyph: "♦", red: true },
  C: { glyph: "♣", red: false },
  S: { glyph: "♠", red: false },
};

// Pip positions (x, y in a 100×140 box) for number cards.
/** @type {Record<string, number[][]>} */
const PIPS = {
  2: [[50, 28], [50, 112]],
  3: [[50, 28], [50, 70], [50, 112]],
  4: [[32, 28], [68, 28], [32, 112], [68, 112]],
  5: [[32, 28], [68, 28], [50, 70], [32, 112], [68, 112]],
  6: [[32, 28], [68, 28], [32, 70], [68, 70], [32, 112], [68, 112]],
  7: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [32, 112], [68, 112]],
  8: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [50, 91], [32, 112], [68, 112]],
  9: [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
  10: [[32, 28], [68, 28], [50, 42], [32, 56], [68, 56], [32, 84], [68, 84], [50, 98], [32, 112],
    [68, 112]],
};

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

// Pips stay upright (no upside-down lower half): at small sizes an inverted heart reads as a spade.
/**
 * @param {string} glyph
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function pip(glyph, x, y, size) {
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central">${glyph}</text>`;
}

/**
 * @param {string} rank
 * @param {string} suit
 * @param {string} letter the id of the corner's rank text, which the court panel repeats
 */
function centre(rank, suit, letter) {
  const { glyph } = SUITS[suit];
  if (rank === "A") return pip(glyph, 50, 72, 54);
  if (PIPS[rank]) return PIPS[rank].map(([x, y]) => pip(glyph, x, y, 22)).join("");
  // Court cards: a framed panel with the letter and the suit, our own simple design. The letter
  // is the corner's, drawn again larger (centred at x 50, baseline 74, 34 units high).
  return `<rect x="24" y="30" width="52" height="80" rx="6" class="court"/>`
    + `<use href="#${letter}" class="court-letter" transform="translate(50 74) scale(${34 / 24}) translate(-15 -21)"/>`
    + pip(glyph, 50, 92, 24);
}

/**
 * A card's index as its corner shows it, e.g. "Q♠" or "10♥": the visible text that a card's
 * accessible name starts with (so that what a person sees is what they can say or search for).
 * @param {string} rank
 * @param {string} [suit]
 */
export const cardIndex = (rank, suit = "H") => `${rank === "T" ? "10" : rank}${SUITS[suit].glyph}`;

// Each face's ids (its corner and rank text, drawn again through <use>) are unique in the page.
let faces = 0;

/**
 * The face of a card as an SVG string; the corner index stays readable at phone size.
 * @param {string} rank
 * @param {string} [suit]
 */
export function cardSvg(rank, suit = "H") {
  const r = rank === "T" ? "10" : rank;
  const { glyph, red } = SUITS[suit];
  faces += 1;
  const id = `hs-face-${faces}`;
  // The rank and suit are text once only, in the top corner: the other corner and the court
  // letter repeat it through <use>, so the card's visible text is its index alone ("Q♠"),
  // which its accessible name contains (WCAG 2.5.3, label in name).
  const narrow = r === "10" ? ' textLength="22" lengthAdjust="spacingAndGlyphs"' : "";
  const corner = `<g id="${id}-c"><text id="${id}-r" x="15" y="21" font-size="24" font-weight="700" text-anchor="middle"${narrow}>${r}</text>`
    + `<text x="15" y="41" font-size="19" text-anchor="middle">${glyph}</text></g>`;
  // `suit-X` lets the four-colour suits (css/themes.css) give each suit its own colour
  return `<svg class="face ${red ? "red" : "black"} suit-${suit}" viewBox="0 0 100 140" aria-hidden="true" focusable="false" font-family="${FONT}">`
    + `<rect x="1" y="1" width="98" height="138" rx="8" class="card-bg"/>`
    + `<g class="ink">${corner}<use href="#${id}-c" transform="rotate(180 50 70)"/>${centre(r, suit, `${id}-r`)}</g>`
    + `</svg>`;
}

/**
 * The back of a card: both designs, the person's shown (`data-back` on <html>, css/themes.css):
 * a lattice of small hearts on deep red, or diagonal stripes on deep blue with a heart.
 */
export function backSvg() {
  return `<svg class="back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">`
    + `<defs><pattern id="hs-lattice" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
    + `<rect width="14" height="14" fill="#9f1d35"/><path d="M7 10.5 L3.2 6.8 A2.1 2.1 0 0 1 7 4.2 A2.1 2.1 0 0 1 10.8 6.8 Z" fill="#c0394f"/></pattern>`
    + `<pattern id="hs-stripes" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)">`
    + `<rect width="10" height="10" fill="#17386b"/><rect width="10" height="3.5" fill="#2c5aa0"/></pattern></defs>`
    + `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#c9c2b8" stroke-width="1.5"/>`
    + `<g class="back-lattice"><rect x="7" y="7" width="86" height="126" rx="5" fill="url(#hs-lattice)"/>`
    + `<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#f5d7dd" stroke-width="1.5"/></g>`
    + `<g class="back-stripes"><rect x="7" y="7" width="86" height="126" rx="5" fill="url(#hs-stripes)"/>`
    + `<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#d6e2f5" stroke-width="2"/>`
    + `<circle cx="50" cy="70" r="17" fill="#fff"/>`
    + `<path d="M50 81 L40.5 71.5 A5.6 5.6 0 0 1 50 63.2 A5.6 5.6 0 0 1 59.5 71.5 Z" fill="#17386b"/></g>`
    + `</svg>`;
}
