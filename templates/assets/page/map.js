// A map page's Leaflet map (first-view.js makes it): draws only what is in view, from
// precomputed tiles (core/tileset.js). Point tiles become markers (grouped by
// Leaflet.markercluster when they crowd), cluster tiles become counted circles that zoom in when
// clicked; lines and polygons come from the shape tiles (shapes.js). The view is kept in the URL
// hash: #zoom/lat/lon.
import { color, mixedClusterMarkup } from "../core/icons.js";
import { narrowestSpan, worldCopies } from "../core/mercator.js";
import { Tileset } from "../core/tileset.js";
import "./declutter.js";
import { escapeHTML, siteURL } from "./html.js";
import { basemap, clusterIcon, clusterOptions, hereMarker, pin } from "./leaflet-map.js";
import { settings } from "./settings.js";
import { drawShapes } from "./shapes.js";

// The page's Leaflet map, once made (tests reach it through this module).
export let map = null;

// Each dataset of the map: { name, tiles, points, clusters, shapes, group, shown }.
let layers = [];
let colors = {};
let status = null;
let basemapLayer = null;
// The first view as first-view.js drew it before Leaflet was here: its tiles, which the page
// carried, are not fetched again, and it is taken away once this map shows the same.
let first = null;
// The Explore of the first view when it was drawn filtered (first-view.js): its files read.
let carriedExplore = null;

function itemURL(name, slug) { return settings.root + name + "/" + encodeURIComponent(slug) + "/"; }

function popup(name, p) {
  let html = '<a class="popup-title" href="' + escapeHTML(itemURL(name, p[4])) + '">' + escapeHTML(p[3]) + "</a>";
  if (p[5]) html = '<img class="popup-thumb" src="' + escapeHTML(siteURL(p[5])) + '" alt="" width="160">' + html;
  return html;
}

// A place's pin, in its dataset's colour or, coloured by a field, the colour of its value
// (`colourIndex`, which the clusters Leaflet.markercluster makes count); in the copy of the world
// `shift` degrees east (worldCopies: a view across the antimeridian shows places of both sides).
function pointMarker(name, p, colourIndex, colours, shift) {
  const fill = colours ? colours.colours[colourIndex] : colors[name];
  return L.marker([p[0], p[1] + shift], { title: p[3], icon: pin(fill, undefined, "layer-" + name), colourIndex })
    .bindPopup(popup(name, p));
}

function clusterMarker(name, c, shift) {
  const marker = L.marker([c[0], c[1] + shift], { icon: clusterIcon(c[2], colors[name], "layer-" + name), title: c[2] + " places" });
  marker.on("click", () => {
    const b = c[3];
    if (b[0] === b[2] && b[1] === b[3]) map.setView([c[0], c[1] + shift], Math.max(c[4], map.getZoom() + 1));
    else map.fitBounds([[b[0], b[1] + shift], [b[2], b[3] + shift]], { maxZoom: c[4] });
  });
  return marker;
}

// One dataset's layers on the map (lines and polygons under the markers), its tiles taking
// those the first view carried.
function datasetLayer(name) {
  const options = clusterOptions(colors[name], { maxClusterRadius: 50, chunkedLoading: true }, "layer-" + name);
  const plain = options.iconCreateFunction;
  // Coloured by a field, a cluster rings the mix of its places' colours.
  options.iconCreateFunction = (cluster) => {
    const layer = layers.find((l) => l.name === name), colours = layer && layer.explore && layer.explore.colours;
    if (!colours) return plain(cluster);
    const mix = new Array(colours.colours.length).fill(0);
    cluster.getAllChildMarkers().forEach((marker) => { mix[marker.options.colourIndex]++; });
    return L.divIcon(mixedClusterMarkup(cluster.getChildCount(), mix, colours.colours, "layer-" + name));
  };
  const points = L.markerClusterGroup(options);
  const clusters = L.layerGroup();
  const shapes = L.layerGroup();
  const group = L.featureGroup([shapes, points, clusters]).addTo(map);
  // The first view's Tileset when it drew this dataset filtered (its Explore's), else a new one.
  const tiles = carriedExplore && carriedExplore.tileset.name === name ? carriedExplore.tileset : new Tileset(settings.root, name);
  if (first && first.dataset === name) {
    for (const key of Object.keys(first.tiles)) tiles.cache[key] = Promise.resolve(first.tiles[key]);
  }
  return { name, tiles, points, clusters, group, shapes, shown: null };
}

// The layers control of a map of several datasets: each named by a swatch of its colour and its
// title; open beside a wide map, on a phone's a button that opens it, so it hides no places.
function layersControl(titles) {
  const overlays = {};
  for (const layer of layers) {
    const label = '<span class="layer-swatch" style="background:' + color(colors[layer.name]) + '"></span>' +
      escapeHTML(titles[layer.name] || layer.name);
    overlays[label] = layer.group;
  }
  const narrow = window.matchMedia && window.matchMedia("(max-width: 600px)").matches;
  L.control.layers(null, overlays, { collapsed: narrow }).addTo(map);
}

// A cell of the quadtree with places matching the filters: their count, at the mean position of
// all its places; a click zooms to the cell.
function cellMarker(name, cell, colours, shift) {
  const icon = cell.mix ? L.divIcon(mixedClusterMarkup(cell.count, cell.mix, colours.colours, "layer-" + name))
    : clusterIcon(cell.count, colors[name], "layer-" + name);
  const at = [cell.lat, cell.lon + shift];
  const marker = L.marker(at, { icon, title: cell.count + (cell.count === 1 ? " place" : " places") });
  marker.on("click", () => map.setView(at, Math.min(map.getMaxZoom(), cell.key.length + 1)));
  return marker;
}

// Shows a dataset's markers of the tiles `wanted` ({ key, shift }: each in the copy of the world
// it is in view in), unless it shows them already. A place drawn as its polygon has no pin: the
// polygon takes the tap (shapes.js markFilled). With filters, only the matching places: a point
// tile's that match, and in place of a cluster tile's clusters, its cells two zooms down with
// their numbers of matching places (core/explore.js).
function show(layer, wanted, tiles) {
  const keys = wanted.map((w) => w.key);
  const filled = layer.shapes.mapsiteFilled || new Set();
  // Filtered or coloured by a field, the map shows cells rather than the precomputed clusters.
  const explore = layer.explore && (layer.explore.active || layer.explore.colours) ? layer.explore : null;
  const colours = explore && explore.colours;
  const signature = wanted.map((w) => w.key + "@" + w.shift).join(",") + "|" + (layer.shapes.mapsiteFilledVersion || 0) +
    "|" + (explore ? explore.query : "") + "|" + Boolean(colours);
  if (signature === layer.shown) return;
  layer.shown = signature;
  const points = [], clusters = [], singles = [];
  tiles.forEach((tile, t) => {
    const shift = wanted[t].shift;
    if (explore && tile.c) {
      for (const cell of explore.cells(keys[t], 2)) {
        if (cell.only >= 0) singles.push({ number: cell.only, shift });
        else clusters.push(cellMarker(layer.name, cell, colours, shift));
      }
      return;
    }
    // A cluster tile's places are the ones its clustering left alone: shown as they are, like
    // its clusters. A point tile's are grouped here by Leaflet.markercluster.
    (tile.p || []).forEach((p, i) => {
      if (explore && !explore.matches(keys[t], i)) return;
      const marker = pointMarker(layer.name, p, colours ? explore.colourAt(keys[t], i) : undefined, colours, shift);
      if (!filled.has(p[2])) (tile.c ? clusters : points).push(marker);
    });
    for (const c of tile.c || []) clusters.push(clusterMarker(layer.name, c, shift));
  });
  layer.points.clearLayers();
  layer.clusters.clearLayers();
  layer.points.addLayers(points);
  for (const marker of clusters) layer.clusters.addLayer(marker);
  // A cell of one matching place shows its pin, from its point tile, once that is in.
  for (const { number, shift } of singles) {
    const place = explore.numbering.placeOf(number);
    layer.tiles.tile(place.key).then((tile) => {
      const p = tile.p[place.index];
      if (layer.shown !== signature || filled.has(p[2])) return;
      layer.clusters.addLayer(pointMarker(layer.name, p, colours ? explore.colourAt(place.key, place.index) : undefined, colours,
        shift));
    }).catch(() => {});
  }
}

// A promise of the number of tiles that draw a dataset in view at zoom z, once shown (unless
// `current()` says a later refresh took over).
function refreshLayer(layer, bounds, z, current) {
  // Where every place is drawn as its polygon, no point tiles (Tileset.needsPointsAt). A view
  // across the antimeridian takes the tiles of each side, in the copy of the world it shows.
  const wanted = !layer.tiles.needsPointsAt(z) ? [] : [].concat(...worldCopies(bounds).map((part) =>
    layer.tiles.keysFor(part, z).map((key) => ({ key, shift: part.shift }))));
  const explore = layer.explore && layer.explore.active ? layer.explore : null;
  const shapes = drawShapes(layer.tiles, layer.shapes, map, {
    dataset: layer.name, color: color(colors[layer.name]), popup: (p) => popup(layer.name, p),
    accept: explore ? (number) => explore.set.has(number) : null, filter: explore ? explore.query : "" });
  const points = Promise.all(wanted.map((w) => layer.tiles.tile(w.key)));
  // The pins wait for the shapes, to leave out the places drawn as polygons.
  return Promise.all([points, shapes]).then(([tiles, shapeCount]) => {
    if (current()) show(layer, wanted, tiles);
    return wanted.length + shapeCount;
  });
}

let generation = 0;
// Resolved once the map has drawn its first markers.
let drawnOnce = null;
const firstDrawn = new Promise((resolve) => { drawnOnce = resolve; });
// Whether the map has its first view (begin), so that it can be drawn.
let started = false;
function refresh() {
  const mine = ++generation, current = () => mine === generation;
  const b = map.getBounds();
  const bounds = { west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() };
  const z = Math.floor(map.getZoom());
  const shown = layers.filter((layer) => map.hasLayer(layer.group));
  Promise.all(shown.map((layer) => refreshLayer(layer, bounds, z, current))).then((counts) => {
    if (!current()) return;
    const loaded = counts.reduce((sum, n) => sum + n, 0);
    status.textContent = loaded + (loaded === 1 ? " tile" : " tiles") + " in view";
    // Which refresh the map shows, for tests and benchmarks that wait for a redraw.
    map.getContainer().setAttribute("data-drawn", String(mine));
    drawnOnce();
    if (first) first.replace(basemapLayer);
    first = null;
  }).catch(dataFailed);
  writeHash();
}

function dataFailed(error) {
  status.textContent = "Could not load the map data: " + error.message;
  throw error;
}

function writeHash() {
  const c = map.getCenter();
  const hash = "#" + map.getZoom() + "/" + c.lat.toFixed(5) + "/" + c.lng.toFixed(5);
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function readHash() {
  const parts = location.hash.slice(1).split("/").map(Number);
  if (parts.length !== 3 || parts.some(isNaN)) return false;
  map.setView([parts[1], parts[2]], parts[0]);
  return true;
}

// The ◎ button, which shows the visitor's position (a blue dot) and the map around it.
function locateButton() {
  const Locate = L.Control.extend({
    onAdd: () => {
      const button = L.DomUtil.create("button", "locate-button");
      button.type = "button";
      button.title = "Show my location";
      button.setAttribute("aria-label", "Show my location");
      button.textContent = "◎";
      L.DomEvent.on(button, "click", (event) => {
        L.DomEvent.stop(event);
        map.locate({ setView: true, maxZoom: 16 });
      });
      return button;
    },
  });
  new Locate({ position: "topleft" }).addTo(map);
  let here = null;
  map.on("locationfound", (event) => {
    if (here) map.removeLayer(here);
    here = hereMarker(event.latlng).addTo(map).bindTooltip("You are here");
  });
  map.on("locationerror", (event) => { status.textContent = "Location unavailable: " + event.message; });
}

// Once the manifests are in: the view the URL names, else all the datasets' places fitted with
// 20 pixels to spare (across the antimeridian when that is narrower: each manifest's bounds are
// east past 180 when its places lie across it); then what is in view, again after every move.
function begin() {
  started = true;
  map.on("moveend", refresh);
  map.on("overlayadd overlayremove", () => {
    for (const layer of layers) layer.shown = null;
    refresh();
  });
  window.addEventListener("hashchange", readHash);
  if (!readHash()) {
    const all = layers.map((layer) => layer.tiles.manifest.bounds);
    const south = Math.min(...all.map((b) => b[1])), north = Math.max(...all.map((b) => b[3]));
    const span = narrowestSpan(all.map((b) => ({ west: b[0], east: b[2] })));
    map.fitBounds([[south, span.west], [north, span.east]], { padding: [20, 20], maxZoom: 16 });
  }
  refresh();
}

// The filter panel of a dataset with `filters:` (data-explore names it): made once its index
// is in, the map redrawn after each change; "Fit to results" shows the matching places.
function setUpExplore(element) {
  const name = element.getAttribute("data-explore");
  const panel = document.getElementById("filter-panel");
  const layer = layers.find((l) => l.name === name);
  if (!name || !panel || !layer) return Promise.resolve();
  // Only a map with filters loads their modules.
  return Promise.all([import("../core/explore.js"), import("./filter-panel.js")]).then(([core, page]) => {
    layer.explore = carriedExplore && carriedExplore.tileset === layer.tiles ? carriedExplore : new core.Explore(layer.tiles);
    return layer.explore.load().then((explore) => setUpPanel(layer, explore, panel, page.setUpFilters));
  });
}

// The panel of a dataset's filters, once their index is in (none when the dataset has none).
function setUpPanel(layer, explore, panel, setUpFilters) {
  if (!explore) return Promise.resolve();
  const toggle = document.getElementById("filter-toggle");
  // Near me, from this map, looks among the matching places only.
  const near = document.getElementById("map-near"), list = document.getElementById("map-list");
  const nearBase = near ? near.getAttribute("href") : "", listBase = list ? list.getAttribute("href") : "";
  const redraw = () => {
    layer.shown = null;
    if (near) near.setAttribute("href", nearBase + (explore.active ? "&" + explore.query : ""));
    // The list shows the matching places too (page/list-explore.js).
    if (list) list.setAttribute("href", listBase + (explore.active ? "?" + explore.query : ""));
    if (toggle) toggle.textContent = explore.active ? "Filter (" + explore.selection.filter(Boolean).length + ")" : "Filter";
    if (started) refresh();
  };
  return setUpFilters(panel, explore, redraw, firstDrawn).then(() => {
    panel.querySelector(".filter-fit").addEventListener("click", () => {
      const b = explore.matchingBounds();
      if (b) map.fitBounds([[b.south, b.west], [b.north, b.east]], { padding: [20, 20], maxZoom: 16 });
    });
    // Coloured by a field: once the first markers are drawn, its column, then the colours and
    // their legend, which filters by them.
    const f = map.getContainer().getAttribute("data-colour-by");
    if (f === null) return;
    firstDrawn.then(() => Promise.all([explore.colourBy(Number(f)), import("./colour-legend.js")])).then(([, legend]) => {
      const control = L.control({ position: "bottomleft" });
      control.onAdd = () => legend.colourLegend(explore, Number(f), panel);
      control.addTo(map);
      layer.shown = null;
      refresh();
    });
  });
}

// The filter panel's button: opens and closes the panel (a sheet over the map on a phone).
function setUpToggle() {
  const toggle = document.getElementById("filter-toggle"), panel = document.getElementById("filter-panel");
  if (!toggle || !panel) return;
  const setOpen = (open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    map.invalidateSize();
  };
  toggle.addEventListener("click", () => {
    setOpen(panel.hidden);
    if (!panel.hidden) panel.querySelector("input, button").focus();
  });
  // Open beside a wide map; on a phone's, the button opens it over the map's lower part.
  if (window.matchMedia && window.matchMedia("(min-width: 900px)").matches) setOpen(true);
}

// Makes the map in `element` (#map: data-datasets, data-titles, data-colors), taking the place of
// `firstView` (first-view.js), when there is one.
export function showMap(element, firstView) {
  const names = element.getAttribute("data-datasets").split(" ");
  const titles = JSON.parse(element.getAttribute("data-titles"));
  colors = JSON.parse(element.getAttribute("data-colors") || "{}");
  status = document.getElementById("map-status");
  first = firstView;
  carriedExplore = firstView && firstView.explore ? firstView.explore : null;
  map = L.map(element, { zoomControl: true, worldCopyJump: true });
  basemapLayer = basemap(map);
  layers = names.map(datasetLayer);
  if (layers.length > 1) layersControl(titles);
  locateButton();
  setUpToggle();
  // The places the query's filters match are known before the first markers are drawn.
  Promise.all(layers.map((layer) => layer.tiles.load())).then(() => setUpExplore(element)).then(begin).catch(dataFailed);
}
