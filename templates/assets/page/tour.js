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
  store(key, done.map((stop) => stop.id));
}

// The tour's map: the way, back to the start for a loop, and each stop's numbered pin.
function drawMap(element, stops) {
  const tint = color(element.getAttribute("data-color"));
  const map = L.map(element);
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
    stop.marker = L.marker([stop.lat, stop.lon], { title: stop.link.textContent, icon: pin(tint, stop.number) })
      .bindPopup(popup).addTo(map);
  });
  if (way.length) map.fitBounds(way, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
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
