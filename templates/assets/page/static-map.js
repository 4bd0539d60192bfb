// Static maps: a view of a Leaflet map drawn without Leaflet (the basemap's images, pins,
// clusters, a shape), in the same places Leaflet puts them, so that a page shows its map before
// Leaflet has loaded, or without it until the visitor moves the map. Web Mercator in 256-pixel
// tiles (core/mercator.js), positions rounded as Leaflet rounds them.
import { project } from "../core/mercator.js";
import { outlineOf } from "../core/world-edge.js";
import { settings } from "./settings.js";

const SVG = "http://www.w3.org/2000/svg";

// The basemap's image of tile x, y at zoom z, by its URL template as Leaflet fills it in.
function tileURL(z, x, y) {
  const values = { z: z, x: x, y: y, "-y": Math.pow(2, z) - 1 - y, s: "abc"[Math.abs(x + y) % 3],
    r: window.devicePixelRatio > 1 ? "@2x" : "" };
  return settings.basemap.replace(/\{ *([\w_-]+) *\}/g, (whole, key) => (key in values ? String(values[key]) : ""));
}

// The basemap's images over a view of width × height pixels centred on `centre` (pixels at
// `zoom`), placed from `origin` (the view's top left pixel), into `layer`.
function basemapImages(layer, centre, origin, size, zoom) {
  const n = Math.pow(2, zoom), middle = { x: Math.floor(centre.x), y: Math.floor(centre.y) };
  const first = { x: Math.floor((middle.x - size.width / 2) / 256), y: Math.max(0, Math.floor((middle.y - size.height / 2) / 256)) };
  const last = { x: Math.ceil((middle.x + size.width / 2) / 256) - 1,
    y: Math.min(n - 1, Math.ceil((middle.y + size.height / 2) / 256) - 1) };
  for (let y = first.y; y <= last.y; y++) {
    for (let x = first.x; x <= last.x; x++) {
      const image = document.createElement("img");
      image.alt = "";
      image.width = image.height = 256;
      image.style.left = x * 256 - origin.x + "px";
      image.style.top = y * 256 - origin.y + "px";
      // Shown once loaded, as Leaflet shows its tiles (no broken image where one fails).
      image.onload = () => image.classList.add("loaded");
      image.src = tileURL(zoom, (x % n + n) % n, y);
      layer.appendChild(image);
    }
  }
}

function division(className) {
  const element = document.createElement("div");
  element.className = className;
  return element;
}

// An icon's element (markup as core/icons.js makes it) at pixel `at` of a static map.
function iconAt(markup, at) {
  const icon = division(markup.className);
  icon.innerHTML = markup.html;
  icon.style.left = at.x - markup.iconAnchor[0] + "px";
  icon.style.top = at.y - markup.iconAnchor[1] + "px";
  icon.style.width = markup.iconSize[0] + "px";
  icon.style.height = markup.iconSize[1] + "px";
  icon.style.zIndex = at.y;  // lower on the map, in front, as Leaflet stacks markers
  return icon;
}

// A static map of `element`'s size at `view` ({ lat, lon, zoom }), in a new layer of the element:
// the basemap's images and its attribution. Returns { layer, markers, width, height,
// point(lat, lon) → the pixel where Leaflet would put that place, add(markup, lat, lon) → an
// icon's element there }.
export function drawStatic(element, view) {
  const width = element.clientWidth, height = element.clientHeight, zoom = view.zoom;
  const centre = project(view.lat, view.lon, zoom);
  const origin = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2) };
  const layer = division("static-map");
  if (settings.basemap) basemapImages(layer, centre, origin, { width, height }, zoom);
  // Icons in a layer of their own, under the attribution as Leaflet's panes are under its controls.
  const markers = division("static-markers");
  layer.appendChild(markers);
  const attribution = division("static-attribution");
  attribution.innerHTML = settings.attribution || "";  // the site's own setting, HTML as on every map
  layer.appendChild(attribution);
  element.appendChild(layer);
  function point(lat, lon) {
    const p = project(lat, lon, zoom);
    return { x: Math.round(p.x) - origin.x, y: Math.round(p.y) - origin.y };
  }
  function add(markup, lat, lon) {
    return markers.appendChild(iconAt(markup, point(lat, lon)));
  }
  return { layer, markers, point, width, height, add };
}

// The rings or lines of a GeoJSON geometry's coordinates as an SVG path's data on a static map,
// each ring closed (`closed`).
function pathData(map, lines, closed) {
  return lines.map((line) => line.map((position, i) => {
    const p = map.point(position[1], position[0]);
    return (i ? "L" : "M") + p.x + " " + p.y;
  }).join("") + (closed ? "z" : "")).join("");
}

// An SVG over a static map, of class `className`, holding a path with `style`; inserted under the
// markers.
function overlay(map, className, style) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", map.width);
  svg.setAttribute("height", map.height);
  const path = document.createElementNS(SVG, "path");
  for (const name of Object.keys(style)) path.setAttribute(name, style[name]);
  svg.appendChild(path);
  map.layer.insertBefore(svg, map.markers);
}

// A GeoJSON line or polygon (any Multi- too) over a static map, drawn as the mini map's Leaflet
// draws it: a line as one path (svg.static-shape); a polygon as its fill (svg.static-shape) and
// its outline (svg.static-outline), which leaves out the edges along ±180° and the map's top and
// bottom, cuts rather than its boundary (core/world-edge.js).
export function staticShape(map, geometry, tint) {
  const polygons = { Polygon: [geometry.coordinates], MultiPolygon: geometry.coordinates }[geometry.type];
  const outline = outlineOf(geometry);
  if (!outline) return;
  const stroke = { stroke: tint, "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round",
    fill: "none" };
  if (!polygons) {
    const lines = outline.type === "LineString" ? [outline.coordinates] : outline.coordinates;
    overlay(map, "static-shape", Object.assign({ d: pathData(map, lines, false) }, stroke));
    return;
  }
  overlay(map, "static-shape", { d: pathData(map, [].concat(...polygons), true), stroke: "none", fill: tint,
    "fill-opacity": 0.2, "fill-rule": "evenodd" });
  const d = pathData(map, outline.coordinates, false);
  if (d) overlay(map, "static-outline", Object.assign({ d: d }, stroke));
}

// Removes a static map once Leaflet's map in the same element shows the same: when `tiles` (its
// basemap layer) has loaded the images in view, or after 2 s at most. Meanwhile it lies over
// Leaflet's panes (not its controls) and lets clicks through.
export function replaceStatic(layer, tiles) {
  layer.classList.add("replaced");
  const timer = setTimeout(remove, 2000);
  function remove() {
    clearTimeout(timer);
    if (layer.parentNode) layer.remove();
  }
  if (!tiles || !tiles.isLoading()) remove();
  else tiles.once("load", remove);
}
