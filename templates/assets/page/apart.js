// Icons moved apart on the screen where they would cover each other, for Leaflet's maps
// (declutter.js) and for the static first view of a map page (first-view.js) alike, so that the
// two put every icon in the same place. Each icon is taken in turn: the first keeps its place,
// each later one takes the nearest spot free of those before it, on rings around its own. Needs
// no Leaflet.

const GAP = 2;          // pixels kept between two icons
const RINGS = 14;       // how far an icon may move: up to RINGS steps of half its size

function overlaps(a, b) {
  return a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;
}

function shifted(box, offset) {
  return { left: box.left + offset[0], right: box.right + offset[0], top: box.top + offset[1], bottom: box.bottom + offset[1] };
}

// Offsets nearest first: none, then rings of growing radius, each starting straight up.
const ringsByStep = {};
function offsets(step) {
  if (ringsByStep[step]) return ringsByStep[step];
  const list = [[0, 0]];
  for (let ring = 1; ring <= RINGS; ring++) {
    const radius = ring * step, count = Math.max(8, Math.floor(2 * Math.PI * radius / step));
    for (let i = 0; i < count; i++) {
      const angle = -Math.PI / 2 + 2 * Math.PI * i / count;
      list.push([Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
    }
  }
  ringsByStep[step] = list;
  return list;
}

// The nearest offset at which `box` overlaps none of `placed` (none if there is no such one).
function freeOffset(box, placed) {
  const step = Math.max(8, Math.round(Math.min(box.right - box.left, box.bottom - box.top) / 2));
  const choices = offsets(step);
  for (const choice of choices) {
    const candidate = shifted(box, choice);
    if (placed.every((other) => !overlaps(candidate, other))) return choice;
  }
  return choices[0];
}

// The point of an icon that stands on its place: a pin's tip, a round marker's centre.
export function anchor(element, box) {
  const pin = element.classList.contains("place-pin") && !element.classList.contains("numbered");
  return [(box.left + box.right) / 2, pin ? box.bottom - 1 : (box.top + box.bottom) / 2];
}

// The ring mapsite.css draws round a cluster (.cluster-icon's box-shadow), outside its box.
const RING = 5;

// The part of the screen an icon covers: its box, and a cluster's ring.
function covered(element, box) {
  const ring = element.classList.contains("map-cluster") ? RING : 0;
  return { left: box.left - ring, right: box.right + ring, top: box.top - ring, bottom: box.bottom + ring };
}

// How many places an icon stands for: a cluster's count, 1 for a pin.
function weight(element) {
  if (!element.classList.contains("map-cluster")) return 1;
  return Number(element.textContent.replace(/[^0-9]/g, "")) || 1;
}

// Moves `elements` (icons, shown) apart, by their CSS `translate`, from where they stand unmoved.
// `byWeight`: the clusters of most places first, then the smaller ones and the pins, from the top
// of the screen down (the order in which a map's tiles happen to arrive plays no part, so a
// static map and Leaflet's move the same icons the same way); else in the order given (pin 1 of
// near me or a tour keeps its place). Returns the icons moved: [{ element, box (unmoved, on the
// screen), offset: [dx, dy] }].
export function moveApart(elements, byWeight) {
  const items = Array.prototype.map.call(elements, (element, index) => {
    const old = element._declutter || [0, 0];
    return { element, index, weight: weight(element), box: shifted(element.getBoundingClientRect(), [-old[0], -old[1]]) };
  });
  if (byWeight) {
    items.sort((a, b) => b.weight - a.weight || Math.round(a.box.top) - Math.round(b.box.top) ||
      Math.round(a.box.left) - Math.round(b.box.left) || a.index - b.index);
  }
  const placed = [], moved = [];
  for (const item of items) {
    const area = covered(item.element, item.box);
    const chosen = freeOffset(area, placed);
    const move = Boolean(chosen[0] || chosen[1]);
    item.element._declutter = chosen;
    item.element.style.translate = move ? chosen[0] + "px " + chosen[1] + "px" : "";
    item.element.classList.toggle("moved-apart", move);
    placed.push(shifted(area, chosen));
    if (move) moved.push({ element: item.element, box: item.box, offset: chosen });
  }
  return moved;
}
