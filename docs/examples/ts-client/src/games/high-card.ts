// High card, the example game: only the kit's events.
import type { HighCardEvent } from "../generated/high-card/event.js";
import type { HighCardReplay } from "../generated/high-card/replay.js";
import type { HighCardView } from "../generated/high-card/view.js";
import { validators, type GameClient } from "../game-client.js";
import { cardList, describeKitEvent, unexpected } from "../kit.js";

export function describeHighCardEvent(event: HighCardEvent): string {
  switch (event.type) {
    case "dealer_drawn":
    case "dealt":
    case "turned_up":
    case "card_played":
    case "trick_won":
    case "points_scored":
    case "hand_over":
    case "game_over":
      return describeKitEvent(event);
    default:
      return unexpected(event);
  }
}

export function highCard(): GameClient<HighCardReplay, HighCardView, HighCardEvent> {
  return {
    game: "high-card",
    ...validators<HighCardReplay, HighCardView, HighCardEvent>("high-card"),
    describeEvent: describeHighCardEvent,
    viewScores: (view) => view.scores,
    describeView: (view) =>
      `seat ${view.seat}, ${view.phase}, hand ${view.hand_number}, seat ${view.turn} to play, holding ${cardList(view.hand)}`,
  };
}
