// mapsite tour page: the stops in order on a map, joined by the way through them, and boxes to
// tick each stop off as you reach it. Ticks are kept in this browser (localStorage), per tour.
(function () {
  "use strict";
  var list = document.getElementById("tour-stops");
  if (!list) return;
  var site = window.mapsite;
  var progress = document.getElementById("tour-progress");
  var reset = document.getElementById("tour-reset");
  var items = Array.prototype.slice.call(list.querySelectorAll("li"));
  var key = "mapsite-tour:" + location.pathname;
  var stops = items.map(function (li, index) {
    return {
      li: li, id: li.getAttribute("data-id"), number: index + 1,
      lat: Number(li.getAttribute("data-lat")), lon: Number(li.getAttribute("data-lon")),
      box: li.querySelector("input[type=checkbox]"), link: li.querySelector(".tour-stop a"), marker: null,
    };
  });

  function load() {
    try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (error) { return []; }
  }

  function save(done) {
    try { localStorage.setItem(key, JSON.stringify(done)); } catch (error) { /* private mode: ticks last the visit */ }
  }

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
    save(done.map(function (stop) { return stop.id; }));
  }

  var saved = load();
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
  // Following the visitor: each stop not ticked yet is ticked once they come within REACHED
  // metres of it, and the line under the buttons says how far the next stop is.
  var REACHED = 40;
  var follow = document.getElementById("tour-follow");
  var where = document.getElementById("tour-where");
  var watch = null;
  var here = null;
  function reached(position) {
    var lat = position.coords.latitude, lon = position.coords.longitude;
    stops.forEach(function (stop) {
      if (!stop.box.checked && window.mapsiteTiles.distance(lat, lon, stop.lat, stop.lon) <= REACHED) {
        stop.box.checked = true;
      }
    });
    update();
    var next = stops.filter(function (stop) { return !stop.box.checked; })[0];
    where.textContent = next ? "You are " + window.mapsiteTiles.formatDistance(
      window.mapsiteTiles.distance(lat, lon, next.lat, next.lon)) + " from stop " + next.number + "." : "";
    if (site.map) {
      if (here) here.setLatLng([lat, lon]);
      else here = site.hereMarker([lat, lon])
        .addTo(site.map).bindTooltip("You are here");
    }
  }
  if (follow && navigator.geolocation && window.mapsiteTiles) {
    follow.hidden = false;
    follow.addEventListener("click", function () {
      if (watch !== null) {
        navigator.geolocation.clearWatch(watch);
        watch = null;
        follow.textContent = "Tick stops off as I reach them";
        where.textContent = "";
        return;
      }
      where.textContent = "Finding your location…";
      follow.textContent = "Stop following my location";
      watch = navigator.geolocation.watchPosition(reached, function (error) {
        where.textContent = "Your location is not available (" + error.message + "): tick the stops by hand.";
      }, { enableHighAccuracy: true, maximumAge: 10000 });
    });
  }

  update();
  document.body.setAttribute("data-tour-ready", "true");
})();
