// mapsite near-me page: the k nearest places to you, to a point picked on the map, or to
// ?lat=…&lon=… in the URL, computed here from the point tiles (exact, nearest tiles first).
// Until a point is chosen the map shows the whole dataset; the places (or the clusters) in view
// are drawn as faint dots, from the same tiles, behind the numbered pins of the nearest.
(function () {
  "use strict";
  var T = window.mapsiteTiles;
  var settings = window.mapsite.settings;
  var form = document.getElementById("near-form");
  var select = document.getElementById("near-dataset");
  var list = document.getElementById("near-results");
  var status = document.getElementById("near-status");
  var insideLine = document.getElementById("near-inside");
  var params = new URLSearchParams(location.search);
  var countMenu = document.getElementById("near-count");
  var k = Math.max(1, Math.min(100, Math.round(Number(params.get("k"))) || 10));
  // A count from the address that the list does not offer gets an option of its own.
  if (!Array.prototype.some.call(countMenu.options, function (option) { return Number(option.value) === k; })) {
    var option = document.createElement("option");
    option.textContent = String(k);
    var after = Array.prototype.find.call(countMenu.options, function (o) { return Number(o.value) > k; });
    countMenu.insertBefore(option, after || null);
  }
  countMenu.value = String(k);
  var tilesets = {};

  if (params.get("dataset")) select.value = params.get("dataset");

  var map = L.map("near-map").setView([20, 0], 2);
  window.mapsite.basemap(map);
  window.mapsite.map = map;
  // Faint dots on a canvas, which takes thousands of them; they let clicks through to the map.
  var dots = L.layerGroup().addTo(map);
  var dotRenderer = L.canvas({ padding: 0.2 });
  var layer = L.layerGroup().addTo(map);
  // The point of the last search: [lat, lon, how it was chosen]; another dataset is searched from it.
  var last = null;

  function tileset(name) {
    if (!tilesets[name]) tilesets[name] = new T.Tileset(settings.root, name);
    return tilesets[name];
  }

  function say(text) { status.textContent = text; }

  function fill() {
    var option = select.options[select.selectedIndex];
    return window.mapsite.color(option && option.getAttribute("data-color"));
  }

  // The chosen dataset's places in view (clusters at coarse zooms, a dot sized by its count).
  var drawn = 0;
  function drawDots() {
    var mine = ++drawn, set = tileset(select.value);
    set.load().then(function () {
      var b = map.getBounds();
      var keys = set.keysFor({ west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() },
        Math.floor(map.getZoom()));
      return Promise.all(keys.map(function (key) { return set.tile(key); }));
    }).then(function (tiles) {
      if (mine !== drawn) return;
      dots.clearLayers();
      var color = fill(), shown = 0;
      function dot(lat, lon, radius) {
        L.circleMarker([lat, lon], { renderer: dotRenderer, radius: radius, weight: 1, color: color, opacity: 0.6,
          fillColor: color, fillOpacity: 0.35, interactive: false }).addTo(dots);
        shown++;
      }
      tiles.forEach(function (tile) {
        (tile.p || []).forEach(function (p) { dot(p[0], p[1], 3); });
        (tile.c || []).forEach(function (c) { dot(c[0], c[1], Math.min(14, 4 + 2 * Math.log10(c[2]))); });
      });
      document.body.setAttribute("data-near-dots", String(shown));
    }).catch(function (error) {
      say("Could not load the places: " + error.message);
      throw error;
    });
  }

  // The whole dataset in view, before any point is chosen.
  function showDataset() {
    tileset(select.value).load().then(function (set) {
      if (last) return;
      var b = set.manifest.bounds;
      if (set.manifest.count) map.fitBounds([[b[1], b[0]], [b[3], b[2]]], { padding: [20, 20], maxZoom: 16 });
      drawDots();
    }).catch(function (error) {
      say("Could not load the places: " + error.message);
      throw error;
    });
  }

  function search(lat, lon, how) {
    var name = select.value;
    last = [lat, lon, how];
    say("Looking for the " + k + " places nearest to " + how + "…");
    var read = 0, keys = [];
    tileset(name).nearest(lat, lon, k, function (key) { read++; keys.push(key); }).then(function (found) {
      list.innerHTML = "";
      var color = fill();
      layer.clearLayers();
      window.mapsite.hereMarker([lat, lon])
        .addTo(layer).bindTooltip(how);
      var bounds = [[lat, lon]];
      announceInside(found.inside, how, name);
      found.forEach(function (place, index) {
        var li = document.createElement("li");
        li.setAttribute("data-id", place.id);
        var a = document.createElement("a");
        a.href = settings.root + name + "/" + encodeURIComponent(place.slug) + "/";
        a.textContent = place.title;
        var span = document.createElement("span");
        span.className = "distance";
        // A polygon holding the point is 0 m away in no direction.
        span.textContent = place.inside ? "0 m, inside" : T.formatDistance(place.distance) + " " + T.compass(place.bearing);
        // The rank, as on the place's pin.
        var rank = document.createElement("span");
        rank.className = "near-rank";
        rank.style.background = color;
        rank.textContent = index + 1;
        li.appendChild(rank);
        var thumb = place.thumbnail ? window.mapsite.thumbnail(place.thumbnail) : null;
        if (thumb) li.appendChild(thumb);
        li.appendChild(a);
        li.appendChild(span);
        list.appendChild(li);
        // The popup: the thumbnail, larger, over the link (built as elements, never as markup).
        var popup = document.createElement("div");
        if (thumb) {
          var large = thumb.cloneNode();
          large.className = "popup-thumb";
          large.width = 160;
          large.removeAttribute("height");
          popup.appendChild(large);
        }
        var link = a.cloneNode(true);
        link.className = "popup-title";
        popup.appendChild(link);
        L.marker([place.lat, place.lon], { title: place.title, icon: window.mapsite.pin(color, index + 1) }).addTo(layer)
          .bindPopup(popup);
        if (place.geometry && place.geometry.kind !== 0) drawShape(place.geometry, color, popup);
        bounds.push([place.lat, place.lon]);
        if (index === 0) li.className = "nearest";
      });
      // The list has just taken its column beside the map (see .near-layout), narrowing it.
      map.invalidateSize();
      // Room above for the pins, which stand 41 pixels over their places.
      map.fitBounds(bounds, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
      drawDots();  // of this dataset, even when the view did not move
      say(found.length ? "The " + found.length + " places nearest to " + how + " (" + read + (read === 1 ? " tile" : " tiles") + " read)."
        : "This dataset has no places.");
      var notSaved = tileset(name).notSaved || 0;
      if (notSaved || navigator.onLine === false) {
        say(status.textContent + " Offline: from the places saved on this device" + (notSaved ? "; " + notSaved +
          (notSaved === 1 ? " tile was" : " tiles were") + " not saved, so nearer places may be missing." : "."));
      }
      history.replaceState(null, "", "?dataset=" + encodeURIComponent(name) + "&lat=" + lat.toFixed(6) + "&lon=" +
        lon.toFixed(6) + (k !== 10 ? "&k=" + k : ""));
      document.body.setAttribute("data-near-ready", "true");
      showListFields(name, keys);
    }).catch(function (error) {
      say("Could not load the places: " + error.message);
      throw error;
    });
  }

  // The dataset's list_fields beside each place found (list-fields.js), when it has any.
  function showListFields(name, keys) {
    if (!window.mapsiteListFields) return;
    document.body.removeAttribute("data-near-fields");
    window.mapsiteListFields.show(list, settings.root, name, keys).then(function (shown) {
      if (shown) document.body.setAttribute("data-near-fields", name);
    }).catch(function (error) {
      say("Could not load the places' details: " + error.message);
      throw error;
    });
  }

  // "You are inside X": the polygons that hold the point, above the list, each a link.
  function announceInside(places, how, name) {
    insideLine.textContent = "";
    insideLine.hidden = !places.length;
    if (!places.length) return;
    insideLine.appendChild(document.createTextNode(how === "you" ? "You are inside " : "The point is inside "));
    places.forEach(function (place, index) {
      if (index > 0) insideLine.appendChild(document.createTextNode(index === places.length - 1 ? " and " : ", "));
      var a = document.createElement("a");
      a.href = settings.root + name + "/" + encodeURIComponent(place.slug) + "/";
      a.textContent = place.title;
      insideLine.appendChild(a);
    });
    insideLine.appendChild(document.createTextNode("."));
  }

  // A found place's whole line or polygon, faint, under its pin.
  function drawShape(geometry, color, popup) {
    var style = { color: color, weight: 2, opacity: 0.8, fillColor: color, fillOpacity: 0.15 };
    (geometry.kind === 3 ? L.polygon(geometry.coordinates, style) : L.polyline(geometry.coordinates, style))
      .addTo(layer).bindPopup(popup.cloneNode(true));
  }

  function locate() {
    if (!navigator.geolocation) {
      say("Your browser cannot tell where you are. Click the map to pick a point instead.");
      return;
    }
    say("Asking your browser where you are…");
    navigator.geolocation.getCurrentPosition(function (position) {
      search(position.coords.latitude, position.coords.longitude, "you");
    }, function (error) {
      var reason = error.code === error.PERMISSION_DENIED ? "You did not allow this page to know your location."
        : "Your location is not available right now.";
      say(reason + " Click the map to pick a point instead, or add ?lat=…&lon=… to the address.");
    }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  }

  map.on("click", function (event) { search(event.latlng.lat, event.latlng.lng, "the point you picked"); });
  map.on("moveend", drawDots);
  form.addEventListener("submit", function (event) { event.preventDefault(); locate(); });
  countMenu.addEventListener("change", function () {
    k = Number(countMenu.value);
    if (last) search(last[0], last[1], last[2]);
  });
  select.addEventListener("change", function () {
    if (last) search(last[0], last[1], last[2]);
    else showDataset();
  });

  var lat = Number(params.get("lat")), lon = Number(params.get("lon"));
  if (params.get("lat") !== null && isFinite(lat) && isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    search(lat, lon, "the point in the address");
  } else {
    say("Press “Find places near me”, or click the map to pick a point.");
    showDataset();
  }
})();
