// What the tour and favourites pages say of a route: its length, how far along it the visitor
// is (the order itself: core/route.js).
import { formatDistance } from "./units.js";

// How much longer than the shortest possible the way can be, rounded up to a tenth of a percent.
export function gap(total, bound) {
  if (!(bound > 0) || total < bound) return ", not proven shortest";
  const tenths = Math.max(1, Math.ceil((total / bound - 1) * 1000 - 1e-9));
  return ", at most " + (tenths / 10).toFixed(1) + "% longer than the shortest possible";
}

// The way through places, `total` metres long, as `plan` of core/route.js found it.
export function routeText(total, plan) {
  const length = formatDistance(total);
  return plan.proven ? "The shortest way through them: " + length + "."
    : "The shortest way found through them: " + length + gap(total, plan.bound) + ".";
}

// "3 of 7 stops done. Next: 4. " (the next stop's name follows), or "All 7 stops done." when
// `next` (its number) is null.
export function progressText(done, count, noun, next) {
  if (next === null) return "All " + count + " " + noun + "s done.";
  return done + " of " + count + " " + noun + "s done. Next: " + next + ". ";
}
