// The entry of a region field's index page: each region's outline, filled by one of the index
// table's numbers (places, or a median of an aggregate) in five classes of about as many regions
// each, with a legend; a region with no number is left grey. A region links to its page, by a
// click or from the keyboard: each is a link in the tab order, named with its number, outlined
// and showing its tooltip while it has the focus, opened with Enter.
// Reads regions.json beside the page (RegionsMapFile.swift).
import { featuresWithin } from "../core/mercator.js";
import { hasWorldEdge, outlineOf } from "../core/world-edge.js";
import { escapeHTML } from "./html.js";
import { basemap } from "./leaflet-map.js";
import { settings } from "./settings.js";

// Light to dark, readable with every kind of colour vision (viridis, reversed).
const RAMP = ["#fde725", "#5ec962", "#21918c", "#3b528b", "#440154"];
const NONE = "#c8c8c8";
// A region's outline, and while it has the focus.
const OUTLINE = { color: "#333", weight: 1 }, FOCUSED = { color: "#000", weight: 3 };

// The page's Leaflet map (tests reach it through this module).
export let map = null;
let element = null, layer = null, data = null;

// Class limits: the values splitting the sorted numbers into five parts as equal as ties allow.
function breaks(values) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  const limits = [];
  for (let i = 1; i < RAMP.length; i++) {
    const limit = sorted[Math.floor(i * sorted.length / RAMP.length)];
    if (limit !== undefined && limits.indexOf(limit) < 0 && limit > sorted[0]) limits.push(limit);
  }
  return { min: sorted[0], limits };
}

// The class of a value: how many limits it reaches, spread over the ramp when there are fewer.
function colour(value, scale) {
  if (value === null || value === undefined) return NONE;
  const reached = scale.limits.filter((limit) => value >= limit).length;
  const steps = scale.limits.length;
  return RAMP[steps === 0 ? RAMP.length - 1 : Math.round(reached * (RAMP.length - 1) / steps)];
}

// A region's path as a link in the tab order, once it is on the map.
function asLink(path, p, column, scale, open) {
  const svg = path.getElement && path.getElement();
  if (!svg) return;
  svg.setAttribute("data-name", p.name);
  svg.setAttribute("data-fill", colour(p.values[column], scale));
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "link");
  svg.setAttribute("aria-label", p.name + ": " + p.texts[column]);
  svg.addEventListener("keydown", (event) => { if (event.key === "Enter") open(); });
  // Not brought to the front: that would move it to the end of the tab order.
  svg.addEventListener("focus", () => {
    (path.mapsiteOutline || path).setStyle(FOCUSED);
    path.openTooltip();
  });
  svg.addEventListener("blur", () => {
    if (path.mapsiteOutline) path.mapsiteOutline.setStyle(OUTLINE);
    else layer.resetStyle(path);
    path.closeTooltip();
  });
}

// The regions filled by their class and outlined. A region with edges along ±180° or the map's
// top and bottom (Fiji, Antarctica), which are cuts and not its border (core/world-edge.js), is
// filled without a stroke and outlined apart, by lines that leave them out (path.mapsiteOutline,
// not interactive, drawn over the fills).
function regionsLayer(column, scale) {
  const outlines = [];
  const group = L.geoJSON(data, {
    style: (feature) => Object.assign({ stroke: !hasWorldEdge(feature.geometry),
      fillColor: colour(feature.properties.values[column], scale), fillOpacity: 0.7 }, OUTLINE),
    onEachFeature: (feature, path) => {
      const p = feature.properties;
      const open = () => { location.href = settings.root + p.url; };
      path.bindTooltip(escapeHTML(p.name) + ": " + escapeHTML(p.texts[column]), { sticky: true });
      path.on("click", open);
      path.on("add", () => asLink(path, p, column, scale, open));
      if (hasWorldEdge(feature.geometry)) {
        path.mapsiteOutline = L.geoJSON(outlineOf(feature.geometry), { interactive: false,
          style: Object.assign({ fill: false }, OUTLINE) });
        outlines.push(path.mapsiteOutline);
      }
    },
  });
  outlines.forEach((outline) => group.addLayer(outline));
  return group;
}

// The legend of a column: each class's lower edge (to the next), and "No value" when a region has none.
function legendRows(column, values, scale) {
  const rows = ["<strong>" + escapeHTML(data.columns[column]) + "</strong>"];
  const texts = {};
  data.features.forEach((f) => { texts[f.properties.values[column]] = f.properties.texts[column]; });
  const edges = [scale.min].concat(scale.limits);
  edges.forEach((edge, index) => {
    if (edge === undefined) return;
    const upper = index + 1 < edges.length ? " to under " + escapeHTML(texts[edges[index + 1]]) : " and more";
    rows.push('<span class="regions-swatch" style="background:' + colour(edge, scale) + '"></span>' +
      escapeHTML(texts[edge]) + (edges.length > 1 ? upper : ""));
  });
  if (values.some((v) => v === null)) rows.push('<span class="regions-swatch" style="background:' + NONE + '"></span>No value');
  return rows;
}

function draw(column) {
  const values = data.features.map((f) => f.properties.values[column]);
  const scale = breaks(values);
  if (layer) map.removeLayer(layer);
  layer = regionsLayer(column, scale).addTo(map);
  // Below the map, not on it, where it would hide the regions of a phone's small map.
  const legend = document.getElementById("regions-legend");
  legend.innerHTML = legendRows(column, values, scale).map((row) => "<span>" + row + "</span>").join("");
  element.setAttribute("data-column", String(column));
}

// The regions file read: the menu of its columns, the first number of an aggregate when there is
// one (a median, say), else the places; the map fitted to the regions.
function begin(file) {
  if (file.v !== 1) throw new Error("unknown format " + file.v);
  // Regions on both sides of ±180 (Fiji and Tonga) moved into one span across it, east past 180.
  file.features = featuresWithin(file.features);
  data = file;
  const controls = document.querySelector(".regions-controls");
  const menu = document.getElementById("regions-column");
  const first = file.columns.length > 1 ? 1 : 0;
  file.columns.forEach((label, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = label;
    menu.appendChild(option);
  });
  menu.value = String(first);
  controls.hidden = file.columns.length < 2;
  menu.addEventListener("change", () => draw(Number(menu.value)));
  draw(first);
  const bounds = L.geoJSON(file).getBounds();
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [10, 10] });
  element.setAttribute("data-ready", "true");
}

element = document.getElementById("regions-map");
if (element && typeof L !== "undefined") {
  // Quarter zoom steps, so that the regions fill the map rather than half of it.
  map = L.map(element, { scrollWheelZoom: false, zoomSnap: 0.25 }).setView([20, 0], 2);
  basemap(map);
  fetch(element.getAttribute("data-regions")).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  }).then(begin).catch((error) => {
    element.textContent = "Could not load the regions: " + error.message;
    throw error;
  });
}
