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

// The legend as an element, for a Leaflet control.
export function colourLegend(explore, f, panel) {
  const entries = explore.colours.legend;
  const legend = document.createElement("div");
  legend.className = "colour-legend leaflet-bar";
  legend.setAttribute("role", "group");
  legend.setAttribute("aria-label", "Colours: " + explore.index.fields[f].label);
  legend.innerHTML = entries.map((entry, i) => '<button type="button" data-entry="' + i + '" aria-pressed="false">' +
    '<span class="layer-swatch" style="background:' + entry.colour + '"></span>' + escapeHTML(entry.label) + "</button>").join("");
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
