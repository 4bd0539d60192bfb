// The entry of a group page's map: the group's places (and its region's outline, when it has
// one) from the points file next to the page. Leaflet and Leaflet.markercluster are loaded before.
import { color } from "../core/icons.js";
import { basemap, clusterOptions, pin } from "./leaflet-map.js";
import { settings } from "./settings.js";

// The page's Leaflet map (tests reach it through this module).
export let map = null;

function fetchJSON(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  });
}

// The places (data.p: [lat, lon, title, slug]) as pins that link to their pages, clustered.
function draw(element, data) {
  const dataset = element.getAttribute("data-dataset");
  const fill = color(element.getAttribute("data-color"));
  const bounds = L.latLngBounds([]);
  if (data.shape) {
    const outline = L.geoJSON(data.shape, { style: { color: fill, weight: 2, fillOpacity: 0.08 } }).addTo(map);
    bounds.extend(outline.getBounds());
  }
  const markers = L.markerClusterGroup(clusterOptions(fill, { maxClusterRadius: 40 }));
  markers.addLayers(data.p.map((p) => {
    const link = document.createElement("a");
    link.href = settings.root + dataset + "/" + encodeURIComponent(p[3]) + "/";
    link.textContent = p[2];
    bounds.extend([p[0], p[1]]);
    return L.marker([p[0], p[1]], { title: p[2], icon: pin(fill) }).bindPopup(link);
  }));
  map.addLayer(markers);
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [20, 20], maxZoom: 17 });
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
