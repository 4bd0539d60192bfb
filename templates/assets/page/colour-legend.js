// The legend of a map coloured by a field (`colour_by`, core/colours.js): a button for each
// colour, its swatch and value; pressing one filters the map to its values (the filter panel's
// boxes of them, checked or cleared together), pressing again clears them. `explore` has its
// colours; `f` is the field's index among the filters; `panel` the filter panel.
import { escapeHTML } from "./html.js";

function boxesOf(panel, f, entry) {
  return entry.bins.map((bin) => panel.querySelector('input[type=checkbox][data-field="' + f + '"][value="' + bin + '"]')).filter(Boolean);
}

// Marks each button pressed when all its values are chosen.
function showPressed(legend, panel, f, entries) {
  legend.querySelectorAll("button[data-entry]").forEach((button) => {
    const boxes = boxesOf(panel, f, entries[Number(button.getAttribute("data-entry"))]);
    button.setAttribute("aria-pressed", String(boxes.length > 0 && boxes.every((box) => box.checked)));
  });
}

// The legend as an element, for a Leaflet control: a disclosure headed by the field's label and
// its colours, open where the map is wide and closed on a phone, where the open legend would
// cover a third of the map's width.
export function colourLegend(explore, f, panel) {
  const entries = explore.colours.legend;
  const label = explore.index.fields[f].label;
  const legend = document.createElement("details");
  legend.className = "colour-legend leaflet-bar";
  legend.open = !window.matchMedia || window.matchMedia("(min-width: 721px)").matches;
  const swatch = (entry) => '<span class="layer-swatch" style="background:' + entry.colour + '"></span>';
  legend.innerHTML = "<summary>" + escapeHTML(label) + ' <span class="legend-swatches" aria-hidden="true">' +
    entries.map(swatch).join("") + "</span></summary>" +
    '<div role="group" aria-label="' + escapeHTML("Colours: " + label) + '">' +
    entries.map((entry, i) => '<button type="button" data-entry="' + i + '" aria-pressed="false">' + swatch(entry) +
      escapeHTML(entry.label) + "</button>").join("") + "</div>";
  L.DomEvent.disableClickPropagation(legend);
  L.DomEvent.disableScrollPropagation(legend);
  legend.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-entry]");
    if (!button) return;
    const boxes = boxesOf(panel, f, entries[Number(button.getAttribute("data-entry"))]);
    const on = !boxes.every((box) => box.checked);
    boxes.forEach((box) => { box.checked = on; });
    if (boxes.length) boxes[0].dispatchEvent(new Event("change", { bubbles: true }));
  });
  panel.addEventListener("change", () => showPressed(legend, panel, f, entries));
  window.addEventListener("popstate", () => setTimeout(() => showPressed(legend, panel, f, entries), 0));
  showPressed(legend, panel, f, entries);
  return legend;
}
