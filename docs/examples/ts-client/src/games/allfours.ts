// All Fours: its own events, and its view in one line.
import type { AllFoursEvent } from "../generated/allfours/event.js";
import type { AllFoursReplay } from "../generated/allfours/replay.js";
import type { AllFoursView } from "../generated/allfours/view.js";
import { validators, type GameClient } from "../game-client.js";
import { cardList, describeKitEvent, unexpected } from "../kit.js";

export function describeAllFoursEvent(event: AllFoursEvent): string {
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
    case "kicked":
      return `seat ${event.dealer} kicks ${event.card} (kick ${event.number}, ${event.points} points)`;
    case "stood":
      return `seat ${event.seat} stands`;
    case "begged":
      return `seat ${event.seat} begs`;
    case "gave_one":
      return `seat ${event.seat} gives one`;
    case "pack_run":
      return `seat ${event.dealer} runs the pack; hand: ${cardList(event.hand)}`;
    case "redealt":
      return `seat ${event.dealer} deals again`;
    case "game_counted":
      return `game counted: ${event.points[0]} against ${event.points[1]}`;
    case "hand_recorded":
      return (
        `hand ${event.result.hand_number} recorded: ${event.result.tricks.length} tricks, ` +
        `side 0 +${event.result.hand_points[0]}, side 1 +${event.result.hand_points[1]}`
      );
    default:
      return unexpected(event);
  }
}

export function allfours(): GameClient<AllFoursReplay, AllFoursView, AllFoursEvent> {
  return {
    game: "allfours",
    ...validators<AllFoursReplay, AllFoursView, AllFoursEvent>("allfours"),
    describeEvent: describeAllFoursEvent,
    viewScores: (view) => view.scores,
    describeView: (view) =>
      `seat ${view.seat}, ${view.phase}, hand ${view.hand_number}, trump ${view.trump ?? "none"}, ` +
      `lead ${view.scores[0] - view.scores[1]}, holding ${cardList(view.hand)}`,
  };
}
