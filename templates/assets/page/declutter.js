// Markers that would hide each other are moved apart on the screen (apart.js), each joined to
// its true place by a thin leader line. A map opts in with data-declutter on its element: "all"
// (the numbered pins of near me and of a tour, a group's pins) takes them in the order they were
// added, so pin 1 keeps its place and later ones move around it; "layers" (a dataset's map and
// the map of all datasets) takes the largest clusters first, as the static first view does
// (first-view.js), so the two agree. Both keep every marker clear of every other: precomputed
// clusters and pins stand where their places are and may touch, within a dataset as across
// datasets, and even the pins Leaflet.markercluster leaves apart (50 px between their places)
// cover each other's heads with their tips. Importing this module (after Leaflet) is enough:
// every map made then is set up (map.declutter: { run, schedule }).

import { anchor, moveApart } from "./apart.js";

// A leader line from a moved marker's place to where it is drawn.
function leader(map, element, box, chosen, leaders) {
  const frame = map.getContainer().getBoundingClientRect();
  const from = anchor(element, box);
  const point = L.point(from[0] - frame.left, from[1] - frame.top);
  L.polyline([map.containerPointToLatLng(point), map.containerPointToLatLng(point.add(L.point(chosen)))], {
    color: "#1d2733", weight: 1.5, opacity: 0.8, interactive: false, className: "leader-line",
  }).addTo(leaders);
}

// Places every marker of `map` in view (apart.js): on a map of tiles ("layers") the largest
// clusters first, as the static first view does; else in the order they were added.
function arrange(map, mode, leaders) {
  const pane = map.getPane("markerPane");
  const elements = Array.prototype.filter.call(pane.querySelectorAll(".leaflet-marker-icon"),
    (element) => element.style.display !== "none" && element.style.opacity !== "0");
  leaders.clearLayers();
  for (const moved of moveApart(elements, mode === "layers")) leader(map, moved.element, moved.box, moved.offset, leaders);
}

// Whether the browser moves an element by its `translate` property.
const supported = typeof L !== "undefined" && Boolean(window.CSS) && CSS.supports("translate", "1px 1px");

// Sets up `map` (once) when its element asks for it.
export function declutter(map) {
  const origin = map.getContainer();
  const mode = origin.getAttribute("data-declutter");
  if (!supported || (mode !== "all" && mode !== "layers") || map.declutter) return;
  const leaders = L.layerGroup().addTo(map);
  let timer = null, runs = 0;
  function run() {
    timer = null;
    arrange(map, mode, leaders);
    origin.setAttribute("data-declutter-runs", String(++runs));
  }
  // Again shortly after markers come and go or the view changes (after a cluster's animation, too).
  function schedule(delay) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay || 60);
  }
  map.on("layeradd layerremove", (event) => { if (event.layer instanceof L.Marker) schedule(); });
  // Leaflet.markercluster shows a marker at the end of its animation by its opacity alone, with
  // no layeradd: a run during the animation left it out, and it then stood over its neighbours.
  const afterAnimation = () => schedule();
  map.on("layeradd", (event) => {
    if (L.MarkerClusterGroup && event.layer instanceof L.MarkerClusterGroup) {
      event.layer.off("animationend", afterAnimation).on("animationend", afterAnimation);
    }
  });
  map.on("zoomend moveend resize", () => schedule(300));
  map.declutter = { run, schedule };
}

if (supported) {
  L.Map.addInitHook(function () { declutter(this); });
}
