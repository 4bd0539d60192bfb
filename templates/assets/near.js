// mapsite near-me page: the k nearest places to you, to a point picked on the map, or to
// ?lat=…&lon=… in the URL, computed here from the point tiles (exact, nearest tiles first).
(function () {
  "use strict";
  var T = window.mapsiteTiles;
  var settings = window.mapsite.settings;
  var form = document.getElementById("near-form");
  var select = document.getElementById("near-dataset");
  var list = document.getElementById("near-results");
  var status = document.getElementById("near-status");
  var params = new URLSearchParams(location.search);
  var k = Math.max(1, Math.min(100, Number(params.get("k")) || 10));
  var tilesets = {};

  if (params.get("dataset")) select.value = params.get("dataset");

  var map = L.map("near-map").setView([20, 0], 2);
  window.mapsite.basemap(map);
  window.mapsite.map = map;
  var layer = L.layerGroup().addTo(map);

  function tileset(name) {
    if (!tilesets[name]) tilesets[name] = new T.Tileset(settings.root, name);
    return tilesets[name];
  }

  function say(text) { status.textContent = text; }

  function search(lat, lon, how) {
    var name = select.value;
    say("Looking for the " + k + " places nearest to " + how + "…");
    var read = 0;
    tileset(name).nearest(lat, lon, k, function () { read++; }).then(function (found) {
      list.innerHTML = "";
      var option = select.options[select.selectedIndex];
      var fill = window.mapsite.color(option && option.getAttribute("data-color"));
      layer.clearLayers();
      window.mapsite.hereMarker([lat, lon])
        .addTo(layer).bindTooltip(how);
      var bounds = [[lat, lon]];
      found.forEach(function (place, index) {
        var li = document.createElement("li");
        li.setAttribute("data-id", place.id);
        var a = document.createElement("a");
        a.href = settings.root + name + "/" + encodeURIComponent(place.slug) + "/";
        a.textContent = place.title;
        var span = document.createElement("span");
        span.className = "distance";
        span.textContent = T.formatDistance(place.distance) + " " + T.compass(place.bearing);
        // The rank, as on the place's pin.
        var rank = document.createElement("span");
        rank.className = "near-rank";
        rank.style.background = fill;
        rank.textContent = index + 1;
        li.appendChild(rank);
        li.appendChild(a);
        li.appendChild(span);
        list.appendChild(li);
        L.marker([place.lat, place.lon], { title: place.title, icon: window.mapsite.pin(fill, index + 1) }).addTo(layer)
          .bindPopup('<a href="' + a.href + '">' + a.innerHTML + "</a>");
        bounds.push([place.lat, place.lon]);
        if (index === 0) li.className = "nearest";
      });
      // Room above for the pins, which stand 41 pixels over their places.
      map.fitBounds(bounds, { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 17 });
      say(found.length ? "The " + found.length + " places nearest to " + how + " (" + read + (read === 1 ? " tile" : " tiles") + " read)."
        : "This dataset has no places.");
      history.replaceState(null, "", "?dataset=" + encodeURIComponent(name) + "&lat=" + lat.toFixed(6) + "&lon=" +
        lon.toFixed(6) + (params.get("k") ? "&k=" + k : ""));
      document.body.setAttribute("data-near-ready", "true");
    }).catch(function (error) {
      say("Could not load the places: " + error.message);
      throw error;
    });
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
  form.addEventListener("submit", function (event) { event.preventDefault(); locate(); });
  select.addEventListener("change", function () {
    var center = params.get("lat") !== null ? [Number(params.get("lat")), Number(params.get("lon"))] : null;
    if (center) search(center[0], center[1], "the point in the address");
  });

  var lat = Number(params.get("lat")), lon = Number(params.get("lon"));
  if (params.get("lat") !== null && isFinite(lat) && isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    search(lat, lon, "the point in the address");
  } else {
    say("Press “Find places near me”, or click the map to pick a point.");
  }
})();
