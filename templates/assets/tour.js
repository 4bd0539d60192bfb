// mapsite tour page: the stops in order on a map, joined by the way through them, and boxes to
// tick each stop off as you reach it (by hand, or by following the visitor's location). Ticks are
// kept in this browser (localStorage), per tour.
(function () {
  "use strict";
  var list = document.getElementById("tour-stops");
  if (!list) return;
  var site = window.mapsite;
  var progress = document.getElementById("tour-progress");
  var reset = document.getElementById("tour-reset");
  var items = Array.prototype.slice.call(list.querySelectorAll("li"));
  var key = "tour-" + list.getAttribute("data-tour");
  var stops = items.map(function (li, index) {
    return {
      li: li, id: li.getAttribute("data-id"), number: index + 1,
      lat: Number(li.getAttribute("data-lat")), lon: Number(li.getAttribute("data-lon")),
      box: li.querySelector("input[type=checkbox]"), link: li.querySelector(".tour-stop a"), marker: null,
    };
  });

  function update() {
    var done = stops.filter(function (stop) { return stop.box.checked; });
    var next = stops.filter(function (stop) { return !stop.box.checked; })[0];
    stops.forEach(function (stop) {
      stop.li.classList.toggle("done", stop.box.checked);
      stop.li.classList.toggle("next", stop === next);
      if (stop.marker) {
        stop.marker.setOpacity(stop.box.checked ? 0.4 : 1);
        stop.marker.setZIndexOffset(stop === next ? 1000 : 0);
      }
    });
    progress.textContent = "";
    if (!next) {
      progress.textContent = "All " + stops.length + " stops done.";
    } else {
      progress.appendChild(document.createTextNode(done.length + " of " + stops.length + " stops done. Next: " +
        next.number + ". "));
      var link = document.createElement("a");
      link.href = next.link.href;
      link.textContent = next.link.textContent;
      progress.appendChild(link);
    }
    reset.hidden = done.length === 0;
    site.store(key, done.map(function (stop) { return stop.id; }));
  }

  var saved = site.stored(key, []);
  stops.forEach(function (stop) {
    stop.box.checked = saved.indexOf(stop.id) >= 0;
    stop.box.addEventListener("change", update);
  });
  reset.addEventListener("click", function () {
    stops.forEach(function (stop) { stop.box.checked = false; });
    update();
  });

  var element = document.getElementById("tour-map");
  if (element && typeof L !== "undefined") {
    var color = site.color(element.getAttribute("data-color"));
    var map = L.map(element);
    site.basemap(map);
    site.map = map;
    var way = stops.map(function (stop) { return [stop.lat, stop.lon]; });
    L.polyline(way, { color: color, weight: 4, opacity: 0.8 }).addTo(map);
    if (element.getAttribute("data-loop") === "true" && way.length > 1) {
      L.polyline([way[way.length - 1], way[0]], { color: color, weight: 4, opacity: 0.6, dashArray: "6 8" }).addTo(map);
    }
    stops.forEach(function (stop) {
      var popup = document.createElement("a");
      popup.href = stop.link.href;
      popup.textContent = stop.number + ". " + stop.link.textContent;
      stop.marker = L.marker([stop.lat, stop.lon], { title: stop.link.textContent, icon: site.pin(color, stop.number) })
        .bindPopup(popup).addTo(map);
    });
    if (way.length) map.fitBounds(way, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
  }
  var follow = document.getElementById("tour-follow");
  if (follow && navigator.geolocation && window.mapsiteTiles) {
    follow.hidden = false;
    site.followRoute({
      button: follow, where: document.getElementById("tour-where"), noun: "stop",
      stops: function () { return stops; }, update: update, map: function () { return site.map || null; },
    });
  }

  update();
  document.body.setAttribute("data-tour-ready", "true");
})();
