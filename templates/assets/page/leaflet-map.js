// What every Leaflet map of the site shares: the basemap and scale bar, pins and clusters in the
// colour of their dataset (core/icons.js, as static maps draw them), the visitor's blue dot.
// Leaflet (the global L) is loaded before any of these is called.
import { clusterMarkup, color, pinIcon } from "../core/icons.js";
import { settings } from "./settings.js";

// The site's basemap, and a scale bar (metric and imperial) in the corner. Returns the basemap's layer.
export function basemap(map) {
  const tiles = L.tileLayer(settings.basemap, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(map);
  L.control.scale({ maxWidth: 120 }).addTo(map);
  return tiles;
}

// A map pin in `fill`, with a white dot, or a short label (a number) in white; `extra`, a class
// name more for its icon (the map of all datasets names each marker's dataset so: declutter.js).
// One icon per look, made once.
const pins = {};
export function pin(fill, label, extra) {
  const key = color(fill) + "|" + (label === undefined ? "" : String(label).slice(0, 3)) + "|" + (extra || "");
  if (!pins[key]) pins[key] = L.divIcon(pinIcon(fill, label, extra));
  return pins[key];
}

// A counted circle in `fill`, sized by its count; the same for precomputed clusters and for the
// ones Leaflet.markercluster makes in the browser.
export function clusterIcon(count, fill, extra) {
  return L.divIcon(clusterMarkup(count, fill, extra));
}

// Options for L.markerClusterGroup whose clusters look like the precomputed ones.
export function clusterOptions(fill, options, extra) {
  options.iconCreateFunction = (cluster) => clusterIcon(cluster.getChildCount(), fill, extra);
  options.showCoverageOnHover = false;
  return options;
}

// The blue dot of the visitor's own position, on any map.
export function hereMarker(latlng) {
  return L.circleMarker(latlng, { radius: 8, color: "#fff", weight: 2, fillColor: "#1a73e8", fillOpacity: 1 });
}
