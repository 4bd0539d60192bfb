// The entry of a group page's map: the group's places (and its region's outline, when it has
// one) from the points file next to the page. Leaflet and Leaflet.markercluster are loaded before.
import { color } from "../core/icons.js";
import { basemap, clusterOptions, pin } from "./leaflet-map.js";
import { settings } from "./settings.js";
import "./declutter.js";

// The page's Leaflet map (tests reach it through this module).
export let map = null;

// A group of at most this many places shows each as a pin from the view it opens at (a block, a
// street, a small neighbourhood): clusters of "3" and "7" say less than ten houses do. Pins that
// would cover each other there are moved apart, each joined to its place (declutter.js).
const ALL_PINS = 40;
// How far the opening view may zoom in: a few houses fill a phone's map, a single place shows its
// streets.
const CLOSEST = 18;
const PADDING = 20;

function fetchJSON(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  });
}

// The places (data.p: [lat, lon, title, slug]) as pins that link to their pages, clustered in
// the view the map opens at unless they are few.
function draw(element, data) {
  const dataset = element.getAttribute("data-dataset");
  const fill = color(element.getAttribute("data-color"));
  const bounds = L.latLngBounds([]);
  if (data.shape) {
    const outline = L.geoJSON(data.shape, { style: { color: fill, weight: 2, fillOpacity: 0.08 } }).addTo(map);
    bounds.extend(outline.getBounds());
  }
  data.p.forEach((p) => bounds.extend([p[0], p[1]]));
  const closest = Math.min(settings.maxZoom, CLOSEST);
  const opening = bounds.isValid()
    ? Math.min(closest, map.getBoundsZoom(bounds, false, L.point(2 * PADDING, 2 * PADDING))) : closest;
  const options = { maxClusterRadius: 40 };
  if (data.p.length <= ALL_PINS) options.disableClusteringAtZoom = opening;
  const markers = L.markerClusterGroup(clusterOptions(fill, options));
  markers.addLayers(data.p.map((p) => {
    const link = document.createElement("a");
    link.href = settings.root + dataset + "/" + encodeURIComponent(p[3]) + "/";
    link.textContent = p[2];
    return L.marker([p[0], p[1]], { title: p[2], icon: pin(fill) }).bindPopup(link);
  }));
  map.addLayer(markers);
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [PADDING, PADDING], maxZoom: closest });
  element.setAttribute("data-ready", "true");
}

const element = document.getElementById("group-map");
if (element && typeof L !== "undefined") {
  // Pins kept clear of each other (declutter.js reads this when the map is made).
  element.setAttribute("data-declutter", "all");
  map = L.map(element).setView([20, 0], 2);
  basemap(map);
  fetchJSON(element.getAttribute("data-points")).then((data) => draw(element, data)).catch((error) => {
    element.textContent = "Could not load the places of this group: " + error.message;
    throw error;
  });
}
