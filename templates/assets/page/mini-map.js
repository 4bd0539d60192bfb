// The small map of an item page: a static map of the place (its pin, and its line or polygon
// fitted as Leaflet would fit it), drawn when it scrolls into view. Leaflet (named by the
// element's data-css and data-js) is loaded, and its map takes the static one's place, only when
// the visitor moves the map: a tap or click on it, or its "Move the map" button. So a visitor who
// only looks never pays for Leaflet.
import { pinIcon } from "../core/icons.js";
import { fittedView, geometryWithin, longitudeWithin } from "../core/mercator.js";
import { outlineOf } from "../core/world-edge.js";
import { basemap, pin } from "./leaflet-map.js";
import { load } from "./loader.js";
import { settings } from "./settings.js";
import { drawStatic, replaceStatic, staticShape } from "./static-map.js";

// Calls `show` once, when `element` comes into view (at once without IntersectionObserver).
// Watched from the page's load on, when the photo above the map has its height and the map its place.
function whenInView(element, show) {
  if (!("IntersectionObserver" in window)) return show();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    show();
  });
  if (document.readyState === "complete") observer.observe(element);
  else window.addEventListener("load", () => observer.observe(element));
}

// The place of a mini map: its point, colour and title, and its shape when it has one. A shape
// across the antimeridian has its longitudes, and its pin's, moved within its bounds (east past
// 180), so the map fitted to them shows it in one piece.
function placeOf(element) {
  const data = document.getElementById("item-data");
  const item = data ? JSON.parse(data.textContent) : {};
  const shape = item.geometry && item.bounds
    ? { geometry: geometryWithin(item.bounds, item.geometry), bounds: item.bounds } : null;
  const lon = Number(element.getAttribute("data-lon"));
  return {
    lat: Number(element.getAttribute("data-lat")), lon: shape ? longitudeWithin(shape.bounds, lon) : lon,
    tint: element.getAttribute("data-color"), title: element.getAttribute("data-title"), shape: shape,
  };
}

// Leaflet's map of the place in `element`, as the static one showed it. Returns its basemap layer.
function leafletMap(element, place) {
  const map = L.map(element, { scrollWheelZoom: false }).setView([place.lat, place.lon], 16);
  const tiles = basemap(map);
  L.marker([place.lat, place.lon], { title: place.title, icon: pin(place.tint) }).addTo(map);
  // A line or polygon: drawn in the dataset's colour, the map fitted to it; a polygon filled,
  // then its outline, without the edges along ±180° and the map's top and bottom, which are cuts
  // (core/world-edge.js), as the static map draws it.
  if (place.shape) {
    const tint = place.tint, geometry = place.shape.geometry, outline = outlineOf(geometry);
    if (outline !== geometry) {
      L.geoJSON(geometry, { style: { stroke: false, fillColor: tint, fillOpacity: 0.2 } }).addTo(map);
    }
    if (outline) L.geoJSON(outline, { style: { color: tint, weight: 4, fill: false } }).addTo(map);
    map.fitBounds(place.shape.bounds, { padding: [16, 16], maxZoom: 18 });
  }
  return tiles;
}

export function miniMap(element) {
  const place = placeOf(element);
  let preview = null, button = null, made = false, loading = false;

  // Leaflet's view of the place: zoom 16 on a point; a shape fitted with 16 pixels to spare.
  function view() {
    if (place.shape) return fittedView(place.shape.bounds, element.clientWidth, element.clientHeight, 16, 18, settings.maxZoom);
    return { lat: place.lat, lon: place.lon, zoom: Math.min(16, settings.maxZoom) };
  }

  function draw() {
    if (made) return;
    const focused = preview && preview.layer.contains(document.activeElement);
    if (preview) preview.layer.remove();
    preview = drawStatic(element, view());
    if (place.shape) staticShape(preview, place.shape.geometry, place.tint);
    preview.add(pinIcon(place.tint), place.lat, place.lon);
    button = document.createElement("button");
    button.type = "button";
    button.className = "static-move";
    button.textContent = loading ? "Loading the map…" : "Move the map";
    preview.layer.appendChild(button);
    if (focused) button.focus();
  }

  function activate() {
    if (made || loading) return;
    loading = true;
    button.textContent = "Loading the map…";
    const wanted = [element.getAttribute("data-css"), element.getAttribute("data-js")];
    const ready = typeof L === "undefined" ? Promise.all(wanted.filter(Boolean).map(load)) : Promise.resolve();
    ready.then(() => {
      const focused = preview.layer.contains(document.activeElement);
      made = true;
      const tiles = leafletMap(element, place);
      // The keyboard's focus goes on to the map (Leaflet makes it focusable: arrows move it).
      if (focused) element.focus();
      replaceStatic(preview.layer, tiles);
    }, () => {
      loading = false;
      button.textContent = "The map could not be loaded: try again";
    });
  }

  whenInView(element, () => {
    draw();
    element.addEventListener("click", (event) => {
      // The attribution's links lead away; anything else of the static map wakes it up.
      if (!made && !event.target.closest("a")) activate();
    });
    // A phone turned sideways: the static map drawn again for the new size.
    if ("ResizeObserver" in window) {
      let width = element.clientWidth;
      new ResizeObserver(() => {
        if (element.clientWidth !== width && !made) { width = element.clientWidth; draw(); }
      }).observe(element);
    }
  });
}
