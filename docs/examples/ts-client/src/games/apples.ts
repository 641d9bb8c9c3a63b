// Apples: its own events, and its view in one line.
import type { ApplesEvent } from "../generated/apples/event.js";
import type { ApplesReplay } from "../generated/apples/replay.js";
import type { ApplesView } from "../generated/apples/view.js";
import { validators, type GameClient } from "../game-client.js";
import { cardList, describeKitEvent, unexpected } from "../kit.js";

export function describeApplesEvent(event: ApplesEvent): string {
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
      return `seat ${event.seat} passes`;
    case "bid":
      return `seat ${event.seat} bids ${event.number} ${event.suit}`;
    case "all_passed":
      return `everyone passed; seat ${event.dealer} dealt`;
    case "auction_won":
      return `seat ${event.seat} wins the auction: ${event.number} ${event.suit}`;
    case "card_given":
      return `seat ${event.seat} gives ${event.card ?? "a hidden card"}`;
    case "pile_dealt":
      return `a pile of ${event.size} dealt; received ${cardList(event.received)}, hand ${cardList(event.hand)}`;
    case "target_set":
      return `seat ${event.seat} sets the target ${event.card ?? "face down"}`;
    case "round_scored":
      return `seat ${event.seat} scores ${event.points} on target ${event.target} (${event.winnings.length} cards won), total ${event.total}`;
    case "round_recorded":
      return (
        `round ${event.result.round_number} recorded: ${event.result.auction.length} calls, ` +
        `${event.result.tricks.length} tricks; gave ${cardList(event.given)}, got ${cardList(event.received)}`
      );
    default:
      return unexpected(event);
  }
}

export function apples(): GameClient<ApplesReplay, ApplesView, ApplesEvent> {
  return {
    game: "apples",
    ...validators<ApplesReplay, ApplesView, ApplesEvent>("apples"),
    describeEvent: describeApplesEvent,
    viewScores: (view) => view.scores,
    describeView: (view) =>
      `seat ${view.seat}, ${view.phase}, round ${view.round_number}, trump ${view.trump ?? "none"}, ` +
      `declarer ${view.declarer ?? "none"}, holding ${cardList(view.hand)}`,
  };
}
