// mapsite declutter: markers that would hide each other are moved apart on the screen, each
// joined to its true place by a thin leader line. A map opts in with data-declutter on its
// element: "all" keeps every marker clear of every other (the numbered pins of near me and of a
// tour), "layers" keeps the markers and clusters of different datasets clear of each other (the
// map of all datasets; Leaflet.markercluster already keeps one dataset's apart). Markers are
// taken in the order they were added, so pin 1 keeps its place and later ones move around it,
// to the nearest free spot on rings around their own.
(function () {
  "use strict";
  if (typeof L === "undefined" || !window.CSS || !CSS.supports("translate", "1px 1px")) return;
  var GAP = 2;          // pixels kept between two markers
  var RINGS = 14;       // how far a marker may move: up to RINGS steps of half its size

  function overlaps(a, b) {
    return a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;
  }

  function shifted(box, offset) {
    return { left: box.left + offset[0], right: box.right + offset[0], top: box.top + offset[1],
      bottom: box.bottom + offset[1] };
  }

  // Offsets nearest first: none, then rings of growing radius, each starting straight up.
  function offsets(step) {
    var list = [[0, 0]];
    for (var ring = 1; ring <= RINGS; ring++) {
      var radius = ring * step, count = Math.max(8, Math.floor(2 * Math.PI * radius / step));
      for (var i = 0; i < count; i++) {
        var angle = -Math.PI / 2 + 2 * Math.PI * i / count;
        list.push([Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
      }
    }
    return list;
  }

  // The point of a marker that stands on its place: a pin's tip, a round marker's centre.
  function anchor(element, box) {
    var pin = element.classList.contains("place-pin") && !element.classList.contains("numbered");
    return [(box.left + box.right) / 2, pin ? box.bottom - 1 : (box.top + box.bottom) / 2];
  }

  // The dataset of a marker of the map of all datasets (its icon's class "layer-<name>").
  function layerOf(element) {
    var match = /(?:^|\s)layer-(\S+)/.exec(element.className);
    return match ? match[1] : "";
  }

  function declutter(map) {
    var mode = map.getContainer().getAttribute("data-declutter");
    if (mode !== "all" && mode !== "layers") return;
    var pane = map.getPane("markerPane");
    var leaders = L.layerGroup().addTo(map);
    var origin = map.getContainer();
    var timer = null, runs = 0;

    function run() {
      timer = null;
      var frame = origin.getBoundingClientRect();
      var elements = Array.prototype.filter.call(pane.querySelectorAll(".leaflet-marker-icon"), function (element) {
        return element.style.display !== "none" && element.style.opacity !== "0";
      });
      var placed = [];
      leaders.clearLayers();
      elements.forEach(function (element) {
        var old = element._declutter || [0, 0];
        var box = shifted(element.getBoundingClientRect(), [-old[0], -old[1]]);
        var group = mode === "layers" ? layerOf(element) : null;
        var step = Math.max(8, Math.round(Math.min(box.right - box.left, box.bottom - box.top) / 2));
        var choices = offsets(step), chosen = choices[0];
        for (var i = 0; i < choices.length; i++) {
          var candidate = shifted(box, choices[i]);
          var free = placed.every(function (other) {
            return (group !== null && other.group === group) || !overlaps(candidate, other.box);
          });
          if (free) { chosen = choices[i]; break; }
        }
        element._declutter = chosen;
        element.style.translate = chosen[0] || chosen[1] ? chosen[0] + "px " + chosen[1] + "px" : "";
        element.classList.toggle("moved-apart", !!(chosen[0] || chosen[1]));
        placed.push({ box: shifted(box, chosen), group: group });
        if (chosen[0] || chosen[1]) {
          var from = anchor(element, box);
          var point = L.point(from[0] - frame.left, from[1] - frame.top);
          L.polyline([map.containerPointToLatLng(point), map.containerPointToLatLng(point.add(L.point(chosen)))], {
            color: "#1d2733", weight: 1.5, opacity: 0.8, interactive: false, className: "leader-line",
          }).addTo(leaders);
        }
      });
      origin.setAttribute("data-declutter-runs", String(++runs));
    }

    // Again shortly after markers come and go or the view changes (after a cluster's animation, too).
    function schedule(delay) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, delay || 60);
    }
    map.on("layeradd layerremove", function (event) {
      if (event.layer instanceof L.Marker) schedule();
    });
    map.on("zoomend moveend resize", function () { schedule(300); });
    map.declutter = { run: run, schedule: schedule };
  }

  L.Map.addInitHook(function () { declutter(this); });
})();
