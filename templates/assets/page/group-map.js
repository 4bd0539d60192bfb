// The entry of a group page's map: the group's places (and its region's outline, when it has
// one) from the points file next to the page. Leaflet and Leaflet.markercluster are loaded before.
import { color } from "../core/icons.js";
import { geometryWithin, longitudeWithin, narrowestSpan } from "../core/mercator.js";
import { outlineOf, reachesPole } from "../core/world-edge.js";
import { basemap, clusterOptions, pin } from "./leaflet-map.js";
import { settings } from "./settings.js";
import { declutter } from "./declutter.js";

// The page's Leaflet map (tests reach it through this module).
export let map = null;

// A group of at most ALL_PINS places within SPAN metres of each other (a block, a street, a
// small neighbourhood) opens on its places, each a pin: clusters of "3" and "7" say less than ten
// houses do. Pins that would still cover each other are moved apart, each joined to its place
// (declutter.js). A larger or wider group opens on all of it (its outline too), clustered.
const ALL_PINS = 40;
const SPAN = 1000;
// How far the opening view may zoom in on a few places: they fill a phone's map and part.
const CLOSEST = 18;
// How far it may zoom in on a group shown clustered, or a single place: its streets show.
const CLUSTERED_CLOSEST = 17;
const PADDING = 20;

function fetchJSON(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  });
}

// The places (data.p: [lat, lon, title, slug]) as pins that link to their pages; clustered
// unless they are few and close (then the view fits them rather than the outline).
// The longitudes of a GeoJSON geometry's positions.
function longitudes(coordinates, into) {
  if (typeof coordinates[0] === "number") into.push(coordinates[0]);
  else coordinates.forEach((part) => longitudes(part, into));
  return into;
}

function draw(element, data) {
  const dataset = element.getAttribute("data-dataset");
  const fill = color(element.getAttribute("data-color"));
  // Places and outline on both sides of ±180 (Fiji) are moved into the narrowest span of
  // longitude holding them, east past 180, so that the map is fitted to them and not the world.
  // A region reaching a pole (Antarctica) spans every longitude and is not moved.
  const lons = longitudes(data.shape ? data.shape.coordinates : [], data.p.map((p) => p[1]));
  const span = data.shape && reachesPole(data.shape) ? { west: -180, east: 180 } : narrowestSpan(lons.map((lon) => ({ west: lon, east: lon })));
  const within = [[-90, span.west], [90, span.east]];
  data.p = data.p.map((p) => [p[0], longitudeWithin(within, p[1])].concat(p.slice(2)));
  const places = L.latLngBounds(data.p.map((p) => [p[0], p[1]]));
  const bounds = L.latLngBounds([]);
  // The region filled, then outlined without its edges along ±180° and the map's top and bottom,
  // which are cuts (core/world-edge.js); the outline is not interactive, the fill one path.
  if (data.shape) {
    const shape = geometryWithin(within, data.shape), lines = outlineOf(shape);
    const area = L.geoJSON(shape, { style: { stroke: false, fillColor: fill, fillOpacity: 0.08 } }).addTo(map);
    if (lines) L.geoJSON(lines, { interactive: false, style: { color: fill, weight: 2, fill: false } }).addTo(map);
    bounds.extend(area.getBounds());
  }
  if (places.isValid()) bounds.extend(places);
  const pins = data.p.length > 1 && data.p.length <= ALL_PINS &&
    places.getNorthWest().distanceTo(places.getSouthEast()) <= SPAN;
  const view = pins ? places : bounds;
  const closest = Math.min(settings.maxZoom, pins ? CLOSEST : CLUSTERED_CLOSEST);
  const options = { maxClusterRadius: 40 };
  if (pins) {
    options.disableClusteringAtZoom = Math.min(closest, map.getBoundsZoom(view, false, L.point(2 * PADDING, 2 * PADDING)));
    element.setAttribute("data-declutter", "all");
    declutter(map);
  }
  const markers = L.markerClusterGroup(clusterOptions(fill, options));
  markers.addLayers(data.p.map((p) => {
    const link = document.createElement("a");
    link.href = settings.root + dataset + "/" + encodeURIComponent(p[3]) + "/";
    link.textContent = p[2];
    return L.marker([p[0], p[1]], { title: p[2], icon: pin(fill) }).bindPopup(link);
  }));
  map.addLayer(markers);
  if (view.isValid()) map.fitBounds(view, { padding: [PADDING, PADDING], maxZoom: closest });
  element.setAttribute("data-ready", "true");
}

const element = document.getElementById("group-map");
if (element && typeof L !== "undefined") {
  map = L.map(element).setView([20, 0], 2);
  basemap(map);
  fetchJSON(element.getAttribute("data-points")).then((data) => draw(element, data)).catch((error) => {
    element.textContent = "Could not load the places of this group: " + error.message;
    throw error;
  });
}
