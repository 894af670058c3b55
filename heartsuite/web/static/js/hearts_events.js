// @ts-check
// What the page shows and says for each event of the game as it happens: a card played, a trick
// taken, hearts broken, the pass received, a round scored, a new round.

import { wait } from "./dom.js";
import { seatName, sortHand } from "./hearts_cards.js";
import { animMs, clearChoices, isMine, page } from "./hearts_state.js";
import { showPlay, showTrick } from "./hearts_table.js";
import { announce, nameOf, t, toast } from "./shell.js";

/**
 * An event of the game (heartsuite/web/hearts_table.py logs them).
 * @typedef {{ kind: string, [field: string]: any }} GameEvent
 */

/**
 * Animate and announce one event; resolves when its animation is over.
 * @param {GameEvent} event
 * @returns {Promise<void> | undefined}
 */
export function showEvent(event) {
  switch (event.kind) {
    case "play": return showPlay({ seat: event.seat, card: event.card });
    case "trick": return showTrick({ winner: event.winner, points: event.points });
    case "broken":
      if (!page.catchingUp) announce(t("hearts.announce.broken"));
      return undefined;
    case "exchange":
      if (!page.catchingUp && event.received.length) {
        const cards = sortHand(event.received).map(nameOf).join(", ");
        announce(t("hearts.announce.received", { name: seatName(event.from), cards }));
        toast(t("hearts.announce.received", { name: seatName(event.from), cards }));
      }
      return undefined;
    case "scored": {
      if (page.catchingUp) return undefined;
      const line = event.moon === null || event.moon === undefined
        ? (page.watching ? t("table.announce.scored") : t("hearts.announce.scored", { count: event.points[page.me] }))
        : isMine(event.moon) ? t("hearts.announce.moon_you") : t("hearts.announce.moon", { name: seatName(event.moon) });
      toast(line, 3500);
      announce(line);
      page.sheetDue = true;
      return wait(animMs() * 3);
    }
    case "claim": // the rest of the round follows as ordinary plays
      if (!page.catchingUp) {
        const line = event.claim === "no_points" ? t("hearts.claim.no_points") : t("hearts.claim.all");
        toast(line, 3500);
        announce(line);
      }
      return undefined;
    case "round":
      if (!page.catchingUp && event.round > 0) announce(t(`hearts.announce.round.${event.pass}`, { round: event.round + 1 }));
      clearChoices();
      return undefined;
    default:
      return undefined;
  }
}
