// Markers that would hide each other are moved apart on the screen, each joined to its true place
// by a thin leader line. A map opts in with data-declutter on its element: "all" (the numbered
// pins of near me and of a tour, a group's pins) or "layers" (a dataset's map and the map of all
// datasets) keep every marker clear of every other. On a map of tiles "layers" means the same:
// precomputed clusters and pins stand where their places are and may touch, within a dataset as
// across datasets, and even the pins Leaflet.markercluster leaves apart (50 px between their
// places) cover each other's heads with their tips. Markers are taken in the order they
// were added, so pin 1 keeps its place and later ones move around it, to the nearest free spot on
// rings around their own. Importing this module (after Leaflet) is enough: every map made then is
// set up (map.declutter: { run, schedule }).

const GAP = 2;          // pixels kept between two markers
const RINGS = 14;       // how far a marker may move: up to RINGS steps of half its size

function overlaps(a, b) {
  return a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;
}

function shifted(box, offset) {
  return { left: box.left + offset[0], right: box.right + offset[0], top: box.top + offset[1], bottom: box.bottom + offset[1] };
}

// Offsets nearest first: none, then rings of growing radius, each starting straight up.
function offsets(step) {
  const list = [[0, 0]];
  for (let ring = 1; ring <= RINGS; ring++) {
    const radius = ring * step, count = Math.max(8, Math.floor(2 * Math.PI * radius / step));
    for (let i = 0; i < count; i++) {
      const angle = -Math.PI / 2 + 2 * Math.PI * i / count;
      list.push([Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
    }
  }
  return list;
}

// The point of a marker that stands on its place: a pin's tip, a round marker's centre.
function anchor(element, box) {
  const pin = element.classList.contains("place-pin") && !element.classList.contains("numbered");
  return [(box.left + box.right) / 2, pin ? box.bottom - 1 : (box.top + box.bottom) / 2];
}

// The nearest offset at which a marker's `box` (as if unmoved) overlaps none of `placed`.
function freeOffset(box, placed) {
  const step = Math.max(8, Math.round(Math.min(box.right - box.left, box.bottom - box.top) / 2));
  const choices = offsets(step);
  const free = (candidate) => placed.every((other) => !overlaps(candidate, other));
  for (const choice of choices) {
    if (free(shifted(box, choice))) return choice;
  }
  return choices[0];
}

// A leader line from a moved marker's place to where it is drawn.
function leader(map, element, box, chosen, leaders) {
  const frame = map.getContainer().getBoundingClientRect();
  const from = anchor(element, box);
  const point = L.point(from[0] - frame.left, from[1] - frame.top);
  L.polyline([map.containerPointToLatLng(point), map.containerPointToLatLng(point.add(L.point(chosen)))], {
    color: "#1d2733", weight: 1.5, opacity: 0.8, interactive: false, className: "leader-line",
  }).addTo(leaders);
}

// Places every marker of `map` in view, in order.
function arrange(map, leaders) {
  const pane = map.getPane("markerPane");
  const elements = Array.prototype.filter.call(pane.querySelectorAll(".leaflet-marker-icon"),
    (element) => element.style.display !== "none" && element.style.opacity !== "0");
  const placed = [];
  leaders.clearLayers();
  for (const element of elements) {
    const old = element._declutter || [0, 0];
    const box = shifted(element.getBoundingClientRect(), [-old[0], -old[1]]);
    const chosen = freeOffset(box, placed);
    const moved = Boolean(chosen[0] || chosen[1]);
    element._declutter = chosen;
    element.style.translate = moved ? chosen[0] + "px " + chosen[1] + "px" : "";
    element.classList.toggle("moved-apart", moved);
    placed.push(shifted(box, chosen));
    if (moved) leader(map, element, box, chosen, leaders);
  }
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
    arrange(map, leaders);
    origin.setAttribute("data-declutter-runs", String(++runs));
  }
  // Again shortly after markers come and go or the view changes (after a cluster's animation, too).
  function schedule(delay) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay || 60);
  }
  map.on("layeradd layerremove", (event) => { if (event.layer instanceof L.Marker) schedule(); });
  map.on("zoomend moveend resize", () => schedule(300));
  map.declutter = { run, schedule };
}

if (supported) {
  L.Map.addInitHook(function () { declutter(this); });
}
