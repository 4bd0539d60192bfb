// The colours of a dataset's `colour_by` field (docs/explore.md): its most common values each a
// colour of PALETTE, by their counts (ties in the values' order); when there are more values than
// colours, the last colour is "Other" for the rest, and places with no value are "No value".
// `field` is the field as the filter index gives it ({values, counts, none}).
import { noneBin } from "./filter.js";

// Ten colours told apart also by most colour-blind eyes; the last, grey, for the rest.
export const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7"];
export const OTHER = "#8c8c8c";

// { colours: [colour, …], ofBin: each bin's index into colours, legend: [{label, colour, bins}] }.
export function colouring(field) {
  const bins = field.values.map((value, bin) => bin).filter((bin) => field.counts[bin] > 0)
    .sort((a, b) => field.counts[b] - field.counts[a] || a - b);
  const named = bins.length > PALETTE.length ? bins.slice(0, PALETTE.length - 1) : bins;
  const ofBin = new Uint8Array(noneBin(field) + 1);
  const legend = named.map((bin, i) => ({ label: field.values[bin], colour: PALETTE[i], bins: [bin] }));
  const rest = bins.slice(named.length);
  if (rest.length || field.none) {
    const label = rest.length ? (field.none ? "Other or no value" : "Other") : "No value";
    legend.push({ label, colour: OTHER, bins: rest.concat(field.none ? [noneBin(field)] : []) });
  }
  ofBin.fill(legend.length - 1);
  legend.forEach((entry, i) => entry.bins.forEach((bin) => { ofBin[bin] = i; }));
  return { colours: legend.map((entry) => entry.colour), ofBin, legend };
}

// How many places of each colour lie in numbers from…to-1 (of those `set` holds, when given):
// `column` each place's bin, in number order.
export function mixOf(column, ofBin, colourCount, from, to, set) {
  const mix = new Array(colourCount).fill(0);
  for (let n = from; n < to; n++) if (!set || set.has(n)) mix[ofBin[column[n]]]++;
  return mix;
}
