// Euchre: its own events, and its view in one line.
// The barrel `index.js` exports every generated type of the game once (each part's file,
// e.g. "../generated/euchre/event.js", exports its own).
import type { EuchreEvent, EuchreReplay, EuchreView } from "../generated/euchre/index.js";
import { validators, type GameClient } from "../game-client.js";
import { cardList, describeKitEvent, unexpected } from "../kit.js";

export function describeEuchreEvent(event: EuchreEvent): string {
  switch (event.type) {
    case "dealer_drawn":
    case "dealt":
    case "turned_up":
    case "card_played":
    case "trick_won":
    case "points_scored":
    case "hand_over":
    case "game_over":
    case "play_begins":
      return describeKitEvent(event);
    case "passed":
      return `seat ${event.seat} passes (round ${event.round})`;
    case "turned_down":
      return `${event.card} turned down`;
    case "ordered_up":
      return `seat ${event.seat} orders up ${event.up_card}: trump ${event.suit}`;
    case "trump_called":
      return `seat ${event.seat} calls ${event.suit}`;
    case "discarded":
      return `seat ${event.seat} discards ${event.card ?? "a hidden card"}`;
    case "went_alone":
      return `seat ${event.seat} goes alone, seat ${event.partner} sits out`;
    case "with_partner":
      return `seat ${event.seat} plays with the partner`;
    case "thrown_in":
      return `everyone passed: hand thrown in, seat ${event.dealer} dealt`;
    default:
      return unexpected(event);
  }
}

export function euchre(): GameClient<EuchreReplay, EuchreView, EuchreEvent> {
  return {
    game: "euchre",
    ...validators<EuchreReplay, EuchreView, EuchreEvent>("euchre"),
    describeEvent: describeEuchreEvent,
    viewScores: (view) => view.scores,
    describeView: (view) =>
      `seat ${view.seat}, ${view.phase}, hand ${view.hand_number}, trump ${view.trump ?? "none"}, ` +
      `tricks won ${view.tricks_won.join("-")}, lead ${view.scores[0] - view.scores[1]}, holding ${cardList(view.hand)}`,
  };
}
