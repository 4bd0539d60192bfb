// The near-me page: the k nearest places to you, to a point picked on the map, or to
// ?lat=…&lon=… in the URL, computed here from the point tiles (exact, nearest tiles first).
// Until a point is chosen the map shows the whole dataset; the places (or the clusters) in view
// are drawn as faint dots, from the same tiles, behind the numbered pins of the nearest.
import { settings } from "./settings.js";
import { basemap, pin, hereMarker } from "./leaflet-map.js";
import { thumbnail } from "./html.js";
import { showListFields } from "./list-fields.js";
import "./declutter.js";
import { Tileset } from "../core/tileset.js";
import { color } from "../core/icons.js";
import { worldCopies } from "../core/mercator.js";
import { latLngOutline } from "../core/world-edge.js";
import { countFrom, pointFrom, searchQuery, distanceText, foundText, insideWords } from "../core/near.js";

const form = document.getElementById("near-form");
const select = document.getElementById("near-dataset");
const list = document.getElementById("near-results");
const status = document.getElementById("near-status");
const insideLine = document.getElementById("near-inside");
const countMenu = document.getElementById("near-count");
const params = new URLSearchParams(location.search);
let k = countFrom(params.get("k"));
const tilesets = {};
// The point of the last search: [lat, lon, how it was chosen]; another dataset is searched from it.
let last = null;

// A count from the address that the list does not offer gets an option of its own.
function offerCount() {
  const options = Array.from(countMenu.options);
  if (!options.some((option) => Number(option.value) === k)) {
    const option = document.createElement("option");
    option.textContent = String(k);
    countMenu.insertBefore(option, options.find((o) => Number(o.value) > k) || null);
  }
  countMenu.value = String(k);
}

offerCount();
if (params.get("dataset")) select.value = params.get("dataset");

// The page's map (exported for tests, as the page's state).
export const map = L.map("near-map").setView([20, 0], 2);
basemap(map);
// Faint dots on a canvas, which takes thousands of them; they let clicks through to the map.
const dots = L.layerGroup().addTo(map);
const dotRenderer = L.canvas({ padding: 0.2 });
const layer = L.layerGroup().addTo(map);

function tileset(name) {
  if (!tilesets[name]) tilesets[name] = new Tileset(settings.root, name);
  return tilesets[name];
}

function say(text) { status.textContent = text; }

function failed(error) {
  say("Could not load the places: " + error.message);
  throw error;
}

function fill() {
  const option = select.options[select.selectedIndex];
  return color(option && option.getAttribute("data-color"));
}

// The tiles of `set` over the map's view, each as { tile, shift }: a view across the antimeridian
// (a dataset's bounds are, east past 180, when its places lie across it) takes the tiles of both
// sides, each in the copy of the world it shows (core/mercator.js worldCopies).
function tilesInView(set) {
  const b = map.getBounds(), z = Math.floor(map.getZoom());
  const view = { west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() };
  const wanted = [].concat(...worldCopies(view).map((part) => set.keysFor(part, z).map((key) => ({ key, shift: part.shift }))));
  return Promise.all(wanted.map((w) => set.tile(w.key).then((tile) => ({ tile, shift: w.shift }))));
}

function drawDotsOf(tiles) {
  dots.clearLayers();
  const dotColor = fill();
  let shown = 0;
  const dot = (lat, lon, radius) => {
    L.circleMarker([lat, lon], { renderer: dotRenderer, radius: radius, weight: 1, color: dotColor, opacity: 0.6,
      fillColor: dotColor, fillOpacity: 0.35, interactive: false }).addTo(dots);
    shown++;
  };
  tiles.forEach(({ tile, shift }) => {
    (tile.p || []).forEach((p) => dot(p[0], p[1] + shift, 3));
    (tile.c || []).forEach((c) => dot(c[0], c[1] + shift, Math.min(14, 4 + 2 * Math.log10(c[2]))));
  });
  document.body.setAttribute("data-near-dots", String(shown));
}

// The chosen dataset's places in view (clusters at coarse zooms, a dot sized by its count).
let drawn = 0;
function drawDots() {
  const mine = ++drawn, set = tileset(select.value);
  set.load().then(() => tilesInView(set)).then((tiles) => {
    if (mine === drawn) drawDotsOf(tiles);
  }).catch(failed);
}

// The whole dataset in view, before any point is chosen.
function showDataset() {
  tileset(select.value).load().then((set) => {
    if (last) return;
    const b = set.manifest.bounds;
    if (set.manifest.count) map.fitBounds([[b[1], b[0]], [b[3], b[2]]], { padding: [20, 20], maxZoom: 16 });
    drawDots();
  }).catch(failed);
}

function placeLink(name, place) {
  const a = document.createElement("a");
  a.href = settings.root + name + "/" + encodeURIComponent(place.slug) + "/";
  a.textContent = place.title;
  return a;
}

// "You are inside X": the polygons that hold the point, above the list, each a link.
function announceInside(places, how, name) {
  insideLine.textContent = "";
  insideLine.hidden = !places.length;
  if (!places.length) return;
  insideWords(how, places.length).forEach((words, index) => {
    insideLine.appendChild(document.createTextNode(words));
    insideLine.appendChild(placeLink(name, places[index]));
  });
  insideLine.appendChild(document.createTextNode("."));
}

// A found place's line in the list: its rank (as on its pin), thumbnail, link and distance.
function listEntry(place, index, link, thumb, rankColor) {
  const li = document.createElement("li");
  li.setAttribute("data-id", place.id);
  const span = document.createElement("span");
  span.className = "distance";
  span.textContent = distanceText(place);
  const rank = document.createElement("span");
  rank.className = "near-rank";
  rank.style.background = rankColor;
  rank.textContent = index + 1;
  li.appendChild(rank);
  if (thumb) li.appendChild(thumb);
  li.appendChild(link);
  li.appendChild(span);
  if (index === 0) li.className = "nearest";
  return li;
}

// The popup: the thumbnail, larger, over the link (built as elements, never as markup).
function popupOf(link, thumb) {
  const popup = document.createElement("div");
  if (thumb) {
    const large = thumb.cloneNode();
    large.className = "popup-thumb";
    large.width = 160;
    large.removeAttribute("height");
    popup.appendChild(large);
  }
  const title = link.cloneNode(true);
  title.className = "popup-title";
  popup.appendChild(title);
  return popup;
}

// A found place's whole line or polygon, faint, under its pin: a polygon filled, then outlined
// without its edges along ±180° and beyond the map's top and bottom, which are cuts
// (core/world-edge.js).
function drawShape(geometry, shapeColor, popup) {
  const style = { color: shapeColor, weight: 2, opacity: 0.8, fillColor: shapeColor, fillOpacity: 0.15 };
  let lines = geometry.coordinates;
  if (geometry.kind === 3) {
    L.polygon(geometry.coordinates, Object.assign({}, style, { stroke: false })).addTo(layer)
      .bindPopup(popup.cloneNode(true));
    lines = latLngOutline(geometry.coordinates);
  }
  if (!lines.length) return;
  L.polyline(lines, Object.assign({}, style, { fill: false })).addTo(layer).bindPopup(popup.cloneNode(true));
}

function showPlace(name, place, index, placeColor) {
  const link = placeLink(name, place);
  const thumb = place.thumbnail ? thumbnail(place.thumbnail) : null;
  list.appendChild(listEntry(place, index, link, thumb, placeColor));
  const popup = popupOf(link, thumb);
  L.marker([place.lat, place.lon], { title: place.title, icon: pin(placeColor, index + 1) }).addTo(layer)
    .bindPopup(popup);
  if (place.geometry && place.geometry.kind !== 0) drawShape(place.geometry, placeColor, popup);
}

function showFound(found, lat, lon, how, name) {
  list.innerHTML = "";
  const placeColor = fill();
  layer.clearLayers();
  hereMarker([lat, lon]).addTo(layer).bindTooltip(how);
  announceInside(found.inside, how, name);
  found.forEach((place, index) => showPlace(name, place, index, placeColor));
  // The list has just taken its column beside the map (see .near-layout), narrowing it.
  map.invalidateSize();
  // Room above for the pins, which stand 41 pixels over their places.
  map.fitBounds([[lat, lon]].concat(found.map((place) => [place.lat, place.lon])),
    { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
  drawDots();  // of this dataset, even when the view did not move
}

// The dataset's list_fields beside each place found, when it has any.
function fieldsBeside(name, keys) {
  document.body.removeAttribute("data-near-fields");
  showListFields(list, settings.root, name, keys).then((shown) => {
    if (shown) document.body.setAttribute("data-near-fields", name);
  }).catch((error) => {
    say("Could not load the places' details: " + error.message);
    throw error;
  });
}

// The filters the address names for its dataset (?dataset=photos&borough=Bronx, as a map with
// filters links here), chosen: a promise of its Explore (core/explore.js), or of null.
let filtering = null;
const filtered = JSON.parse(list.getAttribute("data-filters") || "[]");
function filtersOf(name) {
  if (name !== params.get("dataset") || filtered.indexOf(name) < 0) return Promise.resolve(null);
  if (!filtering) {
    filtering = import("../core/explore.js")
      .then((core) => new core.Explore(tileset(name)).load())
      .then((explore) => (explore ? explore.selectQuery(location.search).then(() => (explore.active ? explore : null)) : null));
  }
  return filtering;
}

function search(lat, lon, how) {
  const name = select.value;
  last = [lat, lon, how];
  say("Looking for the " + k + " places nearest to " + how + "…");
  const keys = [];
  filtersOf(name).then((explore) => {
    const accept = explore ? (key, index) => explore.matches(key, index) : undefined;
    return tileset(name).nearest(lat, lon, k, (key) => { keys.push(key); }, accept).then((found) => [found, explore]);
  }).then(([found, explore]) => {
    showFound(found, lat, lon, how, name);
    say(foundText(found.length, keys.length, how, tileset(name).notSaved || 0, navigator.onLine === false) +
      (explore ? " Only places matching the map's filters (" + explore.total + " of " + explore.index.count + ")." : ""));
    history.replaceState(null, "", searchQuery(name, lat, lon, k) + (explore ? "&" + explore.query : ""));
    document.body.setAttribute("data-near-ready", "true");
    fieldsBeside(name, keys);
  }).catch(failed);
}

function locate() {
  if (!navigator.geolocation) {
    say("Your browser cannot tell where you are. Click the map to pick a point instead.");
    return;
  }
  say("Asking your browser where you are…");
  navigator.geolocation.getCurrentPosition((position) => {
    search(position.coords.latitude, position.coords.longitude, "you");
  }, (error) => {
    const reason = error.code === error.PERMISSION_DENIED ? "You did not allow this page to know your location."
      : "Your location is not available right now.";
    say(reason + " Click the map to pick a point instead, or add ?lat=…&lon=… to the address.");
  }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
}

map.on("click", (event) => search(event.latlng.lat, event.latlng.lng, "the point you picked"));
map.on("moveend", drawDots);
form.addEventListener("submit", (event) => { event.preventDefault(); locate(); });
countMenu.addEventListener("change", () => {
  k = Number(countMenu.value);
  if (last) search(last[0], last[1], last[2]);
});
select.addEventListener("change", () => {
  if (last) search(last[0], last[1], last[2]);
  else showDataset();
});

const point = pointFrom(params.get("lat"), params.get("lon"));
if (point) {
  search(point[0], point[1], "the point in the address");
} else {
  say("Press “Find places near me”, or click the map to pick a point.");
  showDataset();
}
