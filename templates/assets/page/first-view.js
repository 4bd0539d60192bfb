// The first view of a dataset's map page (map.mustache), drawn from what the page carries, when
// it does (#map-first-view, written by the build, MapFirstView.swift: the cluster tiles of the
// zooms a first view fitted to the dataset can have), before anything else is asked for; then
// the tile manifests and the map's modules are preloaded, Leaflet's stylesheets and scripts (the
// element's data-css and data-js, each a list) loaded, and the map (map.js) made. The page's
// entry (map-page.js, or explore-map-page.js on a map with filters) runs it, written with the
// modules it imports inside it (ModuleBundle.swift).
// So the first view is on the screen as soon as the page, its stylesheets and this one script
// are, and shares the network with nothing bigger before; map.js, its map made, takes its place.
// Icons that would cover each other are moved apart as declutter.js then moves Leaflet's.
import { clusterMarkup, pinIcon } from "../core/icons.js";
import { fittedView, longitudeNear } from "../core/mercator.js";
import { load } from "./loader.js";
import { settings } from "./settings.js";
import { drawStatic, replaceStatic } from "./static-map.js";
import { anchor, moveApart } from "./apart.js";

// The view map.js will show first: the one the URL's #zoom/lat/lon names, else the dataset's
// bounds fitted with 20 pixels to spare.
function wantedView(element, bounds) {
  const parts = location.hash.slice(1).split("/").map(Number);
  if (parts.length === 3 && !parts.some(isNaN)) {
    return { lat: parts[1], lon: parts[2], zoom: Math.max(0, Math.min(settings.maxZoom, Math.round(parts[0]))) };
  }
  const b = bounds;
  return fittedView([[b[1], b[0]], [b[3], b[2]]], element.clientWidth, element.clientHeight, 20, 16, settings.maxZoom);
}

const SVG = "http://www.w3.org/2000/svg";

// Leader lines from the places of icons moved apart (apart.js's moveApart: [{ element, box,
// offset }]) to where they are drawn, under the icons, as declutter.js draws them on Leaflet's.
function staticLeaders(map, moved) {
  if (!moved.length) return;
  const frame = map.layer.getBoundingClientRect();
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "static-leaders");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", map.width);
  svg.setAttribute("height", map.height);
  for (const { element, box, offset } of moved) {
    const from = anchor(element, box);
    const x = from[0] - frame.left, y = from[1] - frame.top;
    const line = document.createElementNS(SVG, "path");
    const style = { d: "M" + x + " " + y + "l" + offset[0] + " " + offset[1], stroke: "#1d2733", "stroke-width": 1.5,
      "stroke-opacity": 0.8, fill: "none" };
    for (const name of Object.keys(style)) line.setAttribute(name, style[name]);
    svg.appendChild(line);
  }
  map.layer.insertBefore(svg, map.markers);
}

// A static map of `view` with the clusters and pins of the carried tiles at its zoom. With a
// filter (`explore`, its places chosen), each cluster tile's cells of matching places instead, as
// map.js draws them.
function drawTiles(element, view, data, explore) {
  const fill = JSON.parse(element.getAttribute("data-colors") || "{}")[data.dataset];
  const extra = "layer-" + data.dataset;
  const map = drawStatic(element, view);
  // Places across the antimeridian in the copy of the world in view, as map.js draws them.
  const span = map.width / (256 * Math.pow(2, view.zoom)) * 360;
  const near = (lon) => longitudeNear(lon, view.lon, span);
  const cluster = (count, lat, lon) => { map.add(clusterMarkup(count, fill, extra), lat, near(lon)).title = count + " places"; };
  for (const key of Object.keys(data.tiles)) {
    if (key.length !== view.zoom) continue;
    const tile = data.tiles[key];
    if (explore && explore.active) {
      explore.cells(key, 2).forEach((cell) => cluster(cell.count, cell.lat, cell.lon));
      continue;
    }
    tile.c.forEach((c) => cluster(c[2], c[0], c[1]));
    tile.p.forEach((p) => { map.add(pinIcon(fill, undefined, extra), p[0], near(p[1])).title = p[3]; });
  }
  // Icons that would cover each other moved apart, as declutter.js moves Leaflet's (apart.js).
  if (element.getAttribute("data-declutter") === "layers" && window.CSS && CSS.supports("translate", "1px 1px")) {
    staticLeaders(map, moveApart(map.markers.children, true));
  }
  return map;
}

// The first view of a dataset's map as map.js will show it, drawn only at a zoom whose tiles the
// page carries, else null. Until map.js takes its place, it is drawn again whenever the map's
// size changes. Returns { dataset, tiles, replace(basemap layer) }.
export function firstView(element, data, explore) {
  let map = null;
  function draw() {
    if (map) map.layer.remove();
    const view = wantedView(element, data.bounds);
    map = data.zooms.indexOf(view.zoom) < 0 ? null : drawTiles(element, view, data, explore);
  }
  draw();
  if (!map) return null;
  const sizeOf = () => element.clientWidth + "x" + element.clientHeight;
  let size = sizeOf();
  const observer = "ResizeObserver" in window ? new ResizeObserver(() => {
    if (sizeOf() !== size) { size = sizeOf(); draw(); }
  }) : null;
  if (observer) observer.observe(element);
  return {
    dataset: data.dataset, tiles: data.tiles,
    replace: (tiles) => {
      if (observer) observer.disconnect();
      if (map) replaceStatic(map.layer, tiles);
    },
  };
}

function list(element, name) {
  return (element.getAttribute(name) || "").split(/\s+/).filter(Boolean);
}

// Files asked for now, to be used later: the tile manifests (fetch) and modules, each once.
function preload(urls, rel, as) {
  const asked = new Set(Array.from(document.querySelectorAll("link[rel=" + rel + "]"), (link) => link.getAttribute("href")));
  for (const url of urls) {
    if (asked.has(url)) continue;
    asked.add(url);
    const link = document.createElement("link");
    link.rel = rel;
    if (as) link.as = as;
    if (as === "fetch") link.crossOrigin = "anonymous";
    link.href = url;
    document.head.appendChild(link);
  }
}

function failed(error) {
  const status = document.getElementById("map-status");
  if (status) status.textContent = "Could not load the map: " + error.message;
}

// After the first view: the tile manifests asked for with the scripts rather than once they have
// run (a round trip less before Leaflet's first markers; Tileset's fetch of the same URL takes
// the preloaded answer), the modules of the map and of the search box (data-modules) preloaded,
// Leaflet loaded, then the map made once Leaflet's stylesheets are in. On a map with filters
// (data-explore) and a filter in the query, `carriedExplore` (filtered-first-view.js) gives the
// first view's Explore, its places chosen: the view is drawn with the matching places only.
export function mapPage(element, carriedExplore) {
  const carried = document.getElementById("map-first-view");
  const data = carried ? JSON.parse(carried.textContent) : null;
  const filtered = carriedExplore && element.hasAttribute("data-explore") && location.search.length > 1;
  const first = data && !filtered ? firstView(element, data) : null;
  // A filtered first view's files go first: over HTTP/1.1's six connections, the manifests,
  // Leaflet and the map's modules would take the round trips before them. Its Explore reads the
  // manifest and the filter index the page carries, so map.js fetches neither.
  if (!filtered) preload(list(element, "data-manifests"), "preload", "fetch");
  const filteredFirst = data && filtered ? filteredView(element, data, carriedExplore) : null;
  (filteredFirst || Promise.resolve(null)).then((view) => {
    preload(list(element, "data-modules"), "modulepreload");
    const styles = Promise.all(list(element, "data-css").map(load));
    styles.catch(() => {});  // said with the scripts
    import("./search-box.js");
    Promise.all(list(element, "data-js").map(load))
      .then(() => import("./map.js"))
      .then((module) => styles.then(() => module.showMap(element, first || view)))
      .catch(failed);
  });
}

// The first view of a map with a filter in its query: the carried tiles drawn with the matching
// places only, once `carriedExplore` has read the filter's files (asked for by the page itself,
// filter-preload.js). A promise of the first view, with its Explore for map.js to go on with
// (null on failure: map.js then draws from scratch).
function filteredView(element, data, carriedExplore) {
  return carriedExplore(settings.root, data, location.search)
    .then((explore) => {
      const view = firstView(element, data, explore) || { dataset: data.dataset, tiles: data.tiles, replace: () => {} };
      view.explore = explore;
      return view;
    }).catch(() => null);
}
