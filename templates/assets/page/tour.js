// The tour page: the stops in order on a map, joined by the way through them, and boxes to tick
// each stop off as you reach it (by hand, or by following the visitor's location). Ticks are
// kept in this browser (localStorage), per tour. "Save for offline": tour-offline.js.
import { stored, store } from "./storage.js";
import { basemap, pin } from "./leaflet-map.js";
import { followRoute } from "./follow-route.js";
import { offerOffline } from "./tour-offline.js";
import "./declutter.js";
import { color } from "../core/icons.js";
import { progressText } from "../core/route-text.js";

// The tour's map, or null without one (exported for tests, as the page's state).
export let map = null;

function stopsOf(list) {
  return Array.from(list.querySelectorAll("li")).map((li, index) => ({
    li: li, id: li.getAttribute("data-id"), number: index + 1,
    lat: Number(li.getAttribute("data-lat")), lon: Number(li.getAttribute("data-lon")),
    box: li.querySelector("input[type=checkbox]"), link: li.querySelector(".tour-stop a"), marker: null,
  }));
}

// Marks the stops ticked off and the next one, says how far along the tour is, and keeps the ticks.
function update(stops, key) {
  const done = stops.filter((stop) => stop.box.checked);
  const next = stops.filter((stop) => !stop.box.checked)[0];
  stops.forEach((stop) => {
    stop.li.classList.toggle("done", stop.box.checked);
    stop.li.classList.toggle("next", stop === next);
    if (stop.marker) {
      stop.marker.setOpacity(stop.box.checked ? 0.4 : 1);
      stop.marker.setZIndexOffset(stop === next ? 1000 : 0);
      stop.dot.setStyle({ opacity: stop.box.checked ? 0.4 : 1, fillOpacity: stop.box.checked ? 0.4 : 1 });
    }
  });
  const progress = document.getElementById("tour-progress");
  progress.textContent = progressText(done.length, stops.length, "stop", next ? next.number : null);
  if (next) {
    const link = document.createElement("a");
    link.href = next.link.href;
    link.textContent = next.link.textContent;
    progress.appendChild(link);
  }
  document.getElementById("tour-reset").hidden = done.length === 0;
  if (map && map.mapsiteLabel) map.mapsiteLabel();
  store(key, done.map((stop) => stop.id));
}

// Each stop is a dot on the way; its number shows over it where it covers no other number and no
// other stop (the next stop first, then in order): zoomed out over a dense stretch the way and its
// dots stay in sight, rather than 30 numbers pushed aside over it, and zooming in shows the others.
const GAP = 2;
const DOT = 5;  // a stop's dot, its radius and its white ring

function clear(a, b) {
  return a.right + GAP <= b.left || b.right + GAP <= a.left || a.bottom + GAP <= b.top || b.bottom + GAP <= a.top;
}

function labelStops(map, stops) {
  const next = stops.filter((stop) => !stop.box.checked)[0];
  const order = (next ? [next] : []).concat(stops.filter((stop) => stop !== next));
  const points = stops.map((stop) => map.latLngToContainerPoint([stop.lat, stop.lon]));
  const dots = points.map((at) => ({ left: at.x - DOT, right: at.x + DOT, top: at.y - DOT, bottom: at.y + DOT }));
  const shown = [];
  for (const stop of order) {
    const at = points[stop.number - 1];
    const half = stop.marker.options.icon.options.iconSize[0] / 2;
    const box = { left: at.x - half, right: at.x + half, top: at.y - half, bottom: at.y + half };
    // Clear of the numbers shown and of the other stops' dots, so that the way shows its turns.
    // The next stop's number always shows.
    const free = stop === next || (shown.every((other) => clear(box, other)) &&
      dots.every((dot, index) => index === stop.number - 1 || clear(box, dot)));
    if (free) shown.push(box);
    if (free && !map.hasLayer(stop.marker)) stop.marker.addTo(map);
    if (!free && map.hasLayer(stop.marker)) map.removeLayer(stop.marker);
  }
  map.getContainer().setAttribute("data-numbers-shown", String(shown.length));
}

// The tour's map: the way, back to the start for a loop, and each stop's dot and number.
function drawMap(element, stops) {
  const tint = color(element.getAttribute("data-color"));
  // Zoomed in quarter steps, so that the way fills the map it opens at.
  const map = L.map(element, { zoomSnap: 0.25 });
  basemap(map);
  const way = stops.map((stop) => [stop.lat, stop.lon]);
  L.polyline(way, { color: tint, weight: 4, opacity: 0.8 }).addTo(map);
  if (element.getAttribute("data-loop") === "true" && way.length > 1) {
    L.polyline([way[way.length - 1], way[0]], { color: tint, weight: 4, opacity: 0.6, dashArray: "6 8" }).addTo(map);
  }
  stops.forEach((stop) => {
    const popup = document.createElement("a");
    popup.href = stop.link.href;
    popup.textContent = stop.number + ". " + stop.link.textContent;
    stop.dot = L.circleMarker([stop.lat, stop.lon], {
      radius: DOT - 1, color: "#fff", weight: 1.5, fillColor: tint, fillOpacity: 1, className: "tour-dot",
    }).bindPopup(popup).addTo(map);
    stop.marker = L.marker([stop.lat, stop.lon], { title: stop.link.textContent, icon: pin(tint, stop.number) })
      .bindPopup(popup);
  });
  map.on("zoomend", () => labelStops(map, stops));
  map.mapsiteLabel = () => labelStops(map, stops);
  if (way.length) map.fitBounds(way, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
  else map.setView([0, 0], 1);
  labelStops(map, stops);
  return map;
}

function start(list) {
  const key = "tour-" + list.getAttribute("data-tour");
  const stops = stopsOf(list);
  const saved = stored(key, []);
  const changed = () => update(stops, key);
  stops.forEach((stop) => {
    stop.box.checked = saved.indexOf(stop.id) >= 0;
    stop.box.addEventListener("change", changed);
  });
  document.getElementById("tour-reset").addEventListener("click", () => {
    stops.forEach((stop) => { stop.box.checked = false; });
    changed();
  });
  const element = document.getElementById("tour-map");
  map = element && typeof L !== "undefined" ? drawMap(element, stops) : null;
  const follow = document.getElementById("tour-follow");
  if (follow && navigator.geolocation) {
    follow.hidden = false;
    followRoute({
      button: follow, where: document.getElementById("tour-where"), noun: "stop",
      stops: () => stops, update: changed, map: () => map,
    });
  }
  changed();
  document.body.setAttribute("data-tour-ready", "true");
  offerOffline(list, map);
}

const tourList = document.getElementById("tour-stops");
if (tourList) start(tourList);
