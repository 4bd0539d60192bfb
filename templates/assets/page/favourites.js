// The favourites page: the places saved with ☆ on their pages, from this browser's storage,
// listed newest first and drawn on a map in their datasets' colours; or put in the order of the
// shortest way through them, a route whose places can be ticked off as they are reached. The
// order chosen and the ticks are kept in this browser too.
import { settings } from "./settings.js";
import { stored, store, favourites } from "./storage.js";
import { basemap, pin } from "./leaflet-map.js";
import { thumbnail } from "./html.js";
import { followRoute } from "./follow-route.js";
import "./declutter.js";
import { color } from "../core/icons.js";
import { distance } from "../core/geo.js";
import { formatDistance } from "../core/units.js";
import { plan } from "../core/route.js";
import { routeText, progressText } from "../core/route-text.js";

const status = document.getElementById("favourites-status");
const layout = document.getElementById("favourites-layout");
const list = document.getElementById("favourites-list");
const element = document.getElementById("favourites-map");
const colors = JSON.parse(element.getAttribute("data-colors") || "{}");
const titles = JSON.parse(element.getAttribute("data-titles") || "{}");
const orderButton = document.getElementById("favourites-order");
const route = document.getElementById("favourites-route");
const progress = document.getElementById("favourites-progress");
const reset = document.getElementById("favourites-reset");
const follow = document.getElementById("favourites-follow");
const where = document.getElementById("favourites-where");
const ORDERED = "favourites-ordered", DONE = "favourites-done";
// The page's map, made with the first place (exported for tests, as the page's state).
export let map = null;
let layer = null;
// Whether the places are shown in the order of the shortest way through them.
let ordered = stored(ORDERED, false) === true;
// The places ticked off on the route, as "dataset/id".
let done = stored(DONE, []);
// What `show` drew of the route: each place with its list item, box and marker.
let stops = [];

function keyOf(place) { return place.dataset + "/" + place.id; }

function showProgress(next) {
  progress.textContent = "";
  if (!stops.length) return;
  progress.appendChild(document.createTextNode(progressText(done.length, stops.length, "place", next ? next.number : null)));
  if (!next) return;
  const link = document.createElement("a");
  link.href = settings.root + next.place.path;
  link.textContent = next.place.title;
  progress.appendChild(link);
}

// Marks the places ticked off and the next one, and says how far along the route is.
function ticked() {
  if (stops.length) {
    done = stops.filter((stop) => stop.box.checked).map((stop) => keyOf(stop.place));
    store(DONE, done);
  }
  const next = stops.filter((stop) => !stop.box.checked)[0];
  stops.forEach((stop) => {
    stop.li.classList.toggle("done", stop.box.checked);
    stop.li.classList.toggle("next", stop === next);
    if (stop.marker) stop.marker.setOpacity(stop.box.checked ? 0.4 : 1);
  });
  progress.hidden = !stops.length;
  reset.hidden = !stops.some((stop) => stop.box.checked);
  follow.hidden = !stops.length || !navigator.geolocation;
  if (!stops.length) following.stop();
  showProgress(next);
}

// The places in the shortest order, each with the length of the leg to it, and the route's
// length said above the list.
function inOrder(places) {
  const found = plan(places.map((p) => [p.lat, p.lon]));
  const sorted = found.order.map((i) => places[i]);
  const legs = sorted.map((p, i) => i === 0 ? 0 : distance(sorted[i - 1].lat, sorted[i - 1].lon, p.lat, p.lon));
  const total = legs.reduce((a, b) => a + b, 0);
  route.textContent = routeText(total, found);
  route.setAttribute("data-metres", total.toFixed(1));
  route.setAttribute("data-proven", found.proven ? "true" : "false");
  return { places: sorted, legs: legs };
}

function showHeading(count) {
  orderButton.hidden = count < 3;
  orderButton.setAttribute("aria-pressed", ordered ? "true" : "false");
  orderButton.textContent = ordered ? "Newest first" : "Put them in the shortest order";
  status.textContent = count ? count + (count === 1 ? " place" : " places") + " saved."
    : "No favourites yet: press ☆ Save on a place's page to keep it here.";
  layout.hidden = count === 0;
}

function makeMap() {
  if (map || typeof L === "undefined") return;
  map = L.map(element);
  basemap(map);
  layer = L.layerGroup().addTo(map);
}

// The box that ticks a place off, and its number on the route.
function routeParts(li, stop, kind, leg) {
  const tick = document.createElement("label");
  tick.className = "tour-tick";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = done.indexOf(keyOf(stop.place)) >= 0;
  box.setAttribute("aria-label", "Done: " + stop.place.title);
  box.addEventListener("change", ticked);
  tick.appendChild(box);
  li.appendChild(tick);
  stop.box = box;
  stops.push(stop);
  const rank = document.createElement("span");
  rank.className = "near-rank";
  rank.style.background = color(colors[stop.place.dataset]);
  rank.textContent = stop.number;
  li.appendChild(rank);
  if (stop.number > 1) kind.textContent += " · +\u00a0" + formatDistance(leg).replace(/ /g, "\u00a0");
}

function removeButton(place) {
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "favourite-remove";
  remove.textContent = "Remove";
  remove.setAttribute("aria-label", "Remove " + place.title);
  remove.addEventListener("click", () => {
    favourites.remove(place.dataset, place.id);
    done = done.filter((key) => key !== keyOf(place));
    store(DONE, done);
    show();
  });
  return remove;
}

// A place's line in the list, and its pin.
function showPlace(place, index, asRoute, leg) {
  const li = document.createElement("li");
  li.setAttribute("data-id", place.id);
  li.setAttribute("data-dataset", place.dataset);
  const text = document.createElement("div");
  const link = document.createElement("a");
  link.href = settings.root + place.path;
  link.textContent = place.title;
  const kind = document.createElement("span");
  kind.className = "meta";
  kind.textContent = titles[place.dataset] || place.dataset;
  text.appendChild(link);
  text.appendChild(document.createElement("br"));
  text.appendChild(kind);
  const stop = { place: place, lat: place.lat, lon: place.lon, li: li, number: index + 1, box: null, marker: null };
  if (asRoute) routeParts(li, stop, kind, leg);
  if (typeof place.thumbnail === "string") li.appendChild(thumbnail(place.thumbnail, "favourite-thumb"));
  li.appendChild(text);
  li.appendChild(removeButton(place));
  list.appendChild(li);
  if (!layer) return;
  const popup = document.createElement("a");
  popup.href = link.href;
  popup.textContent = place.title;
  stop.marker = L.marker([place.lat, place.lon], { title: place.title, icon: pin(colors[place.dataset], asRoute ? index + 1 : undefined) })
    .bindPopup(popup).addTo(layer);
}

function show() {
  let places = favourites.list(), legs = [];
  // A route needs three places or more; with fewer the page shows them as they are.
  const asRoute = ordered && places.length >= 3;
  if (asRoute) ({ places, legs } = inOrder(places));
  else route.textContent = "";
  showHeading(places.length);
  list.innerHTML = "";
  stops = [];
  if (!places.length) {
    ticked();
    return;
  }
  makeMap();
  if (layer) layer.clearLayers();
  places.forEach((place, index) => showPlace(place, index, asRoute, legs[index]));
  const way = places.map((p) => [p.lat, p.lon]);
  if (layer && asRoute) L.polyline(way, { color: "#1d2733", weight: 3, opacity: 0.6, dashArray: "6 6" }).addTo(layer);
  if (map) {
    map.invalidateSize();
    map.fitBounds(way, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 16 });
  }
  ticked();
}

const following = followRoute({
  button: follow, where: where, noun: "place", stops: () => stops, update: ticked, map: () => map,
});

orderButton.addEventListener("click", () => {
  ordered = !ordered;
  store(ORDERED, ordered);
  show();
});
reset.addEventListener("click", () => {
  stops.forEach((stop) => { stop.box.checked = false; });
  ticked();
});
document.getElementById("favourites-clear").addEventListener("click", () => {
  favourites.save([]);
  store(DONE, []);
  done = [];
  show();
});
window.addEventListener("storage", show);  // saved or removed in another tab
show();
document.body.setAttribute("data-favourites-ready", "true");
