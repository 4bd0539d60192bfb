// mapsite favourites page: the places saved with ☆ on their pages, from this browser's storage,
// listed newest first and drawn on a map in their datasets' colours; or put in the order of the
// shortest way through them, a route whose places can be ticked off as they are reached. The
// order chosen and the ticks are kept in this browser too.
(function () {
  "use strict";
  var site = window.mapsite;
  var status = document.getElementById("favourites-status");
  var layout = document.getElementById("favourites-layout");
  var list = document.getElementById("favourites-list");
  var element = document.getElementById("favourites-map");
  var colors = JSON.parse(element.getAttribute("data-colors") || "{}");
  var titles = JSON.parse(element.getAttribute("data-titles") || "{}");
  var orderButton = document.getElementById("favourites-order");
  var route = document.getElementById("favourites-route");
  var progress = document.getElementById("favourites-progress");
  var reset = document.getElementById("favourites-reset");
  var follow = document.getElementById("favourites-follow");
  var where = document.getElementById("favourites-where");
  var map = null, layer = null;
  var ORDERED = "favourites-ordered", DONE = "favourites-done";
  // Whether the places are shown in the order of the shortest way through them.
  var ordered = site.stored(ORDERED, false) === true;
  // The places ticked off on the route, as "dataset/id".
  var done = site.stored(DONE, []);
  // What `show` drew of the route: each place with its list item, box and marker.
  var stops = [];

  function keyOf(place) { return place.dataset + "/" + place.id; }

  // Marks the places ticked off and the next one, and says how far along the route is.
  function ticked() {
    if (stops.length) {
      done = stops.filter(function (stop) { return stop.box.checked; }).map(function (stop) { return keyOf(stop.place); });
      site.store(DONE, done);
    }
    var next = stops.filter(function (stop) { return !stop.box.checked; })[0];
    stops.forEach(function (stop) {
      stop.li.classList.toggle("done", stop.box.checked);
      stop.li.classList.toggle("next", stop === next);
      if (stop.marker) stop.marker.setOpacity(stop.box.checked ? 0.4 : 1);
    });
    progress.hidden = !stops.length;
    reset.hidden = !stops.some(function (stop) { return stop.box.checked; });
    follow.hidden = !stops.length || !navigator.geolocation;
    if (!stops.length) following.stop();
    progress.textContent = "";
    if (!stops.length) return;
    if (!next) {
      progress.textContent = "All " + stops.length + " places done.";
      return;
    }
    progress.appendChild(document.createTextNode(
      done.length + " of " + stops.length + " places done. Next: " + next.number + ". "));
    var link = document.createElement("a");
    link.href = site.settings.root + next.place.path;
    link.textContent = next.place.title;
    progress.appendChild(link);
  }

  // How much longer than the shortest possible the way can be, rounded up to a tenth of a percent.
  function gap(total, bound) {
    if (!(bound > 0) || total < bound) return ", not proven shortest";
    var tenths = Math.max(1, Math.ceil((total / bound - 1) * 1000 - 1e-9));
    return ", at most " + (tenths / 10).toFixed(1) + "% longer than the shortest possible";
  }

  function show() {
    var places = site.favourites.list();
    var legs = [];
    // A route needs three places or more; with fewer the page shows them as they are.
    var asRoute = ordered && places.length >= 3 && !!window.mapsiteRoute;
    if (asRoute) {
      var points = places.map(function (p) { return [p.lat, p.lon]; });
      var plan = window.mapsiteRoute.plan(points);
      places = plan.order.map(function (i) { return places[i]; });
      legs = places.map(function (p, i) {
        return i === 0 ? 0 : window.mapsiteTiles.distance(places[i - 1].lat, places[i - 1].lon, p.lat, p.lon);
      });
      var total = legs.reduce(function (a, b) { return a + b; }, 0);
      var length = window.mapsiteTiles.formatDistance(total);
      route.textContent = plan.proven
        ? "The shortest way through them: " + length + "."
        : "The shortest way found through them: " + length + gap(total, plan.bound) + ".";
      route.setAttribute("data-metres", total.toFixed(1));
      route.setAttribute("data-proven", plan.proven ? "true" : "false");
    } else {
      route.textContent = "";
    }
    orderButton.hidden = places.length < 3 || !window.mapsiteRoute;
    orderButton.setAttribute("aria-pressed", ordered ? "true" : "false");
    orderButton.textContent = ordered ? "Newest first" : "Put them in the shortest order";
    list.innerHTML = "";
    stops = [];
    status.textContent = places.length
      ? places.length + (places.length === 1 ? " place" : " places") + " saved."
      : "No favourites yet: press ☆ Save on a place's page to keep it here.";
    layout.hidden = places.length === 0;
    if (!places.length) {
      ticked();
      return;
    }
    if (!map && typeof L !== "undefined") {
      map = L.map(element);
      site.basemap(map);
      site.map = map;
      layer = L.layerGroup().addTo(map);
    }
    if (layer) layer.clearLayers();
    places.forEach(function (place, index) {
      var li = document.createElement("li");
      li.setAttribute("data-id", place.id);
      li.setAttribute("data-dataset", place.dataset);
      var text = document.createElement("div");
      var link = document.createElement("a");
      link.href = site.settings.root + place.path;
      link.textContent = place.title;
      var kind = document.createElement("span");
      kind.className = "meta";
      kind.textContent = titles[place.dataset] || place.dataset;
      text.appendChild(link);
      text.appendChild(document.createElement("br"));
      text.appendChild(kind);
      var stop = { place: place, lat: place.lat, lon: place.lon, li: li, number: index + 1, box: null, marker: null };
      if (asRoute) {
        var tick = document.createElement("label");
        tick.className = "tour-tick";
        var box = document.createElement("input");
        box.type = "checkbox";
        box.checked = done.indexOf(keyOf(place)) >= 0;
        box.setAttribute("aria-label", "Done: " + place.title);
        box.addEventListener("change", ticked);
        tick.appendChild(box);
        li.appendChild(tick);
        stop.box = box;
        stops.push(stop);
        var rank = document.createElement("span");
        rank.className = "near-rank";
        rank.style.background = site.color(colors[place.dataset]);
        rank.textContent = index + 1;
        li.appendChild(rank);
        if (index > 0) kind.textContent += " · +\u00a0" + window.mapsiteTiles.formatDistance(legs[index]).replace(/ /g, "\u00a0");
      }
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "favourite-remove";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", "Remove " + place.title);
      remove.addEventListener("click", function () {
        site.favourites.remove(place.dataset, place.id);
        done = done.filter(function (key) { return key !== keyOf(place); });
        site.store(DONE, done);
        show();
      });
      if (typeof place.thumbnail === "string") li.appendChild(site.thumbnail(place.thumbnail, "favourite-thumb"));
      li.appendChild(text);
      li.appendChild(remove);
      list.appendChild(li);
      if (layer) {
        var popup = document.createElement("a");
        popup.href = link.href;
        popup.textContent = place.title;
        stop.marker = L.marker([place.lat, place.lon],
          { title: place.title, icon: site.pin(colors[place.dataset], asRoute ? index + 1 : undefined) })
          .bindPopup(popup).addTo(layer);
      }
    });
    if (layer && asRoute) {
      L.polyline(places.map(function (p) { return [p.lat, p.lon]; }), { color: "#1d2733", weight: 3, opacity: 0.6, dashArray: "6 6" })
        .addTo(layer);
    }
    if (map) {
      map.invalidateSize();
      map.fitBounds(places.map(function (p) { return [p.lat, p.lon]; }),
        { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 16 });
    }
    ticked();
  }

  var following = site.followRoute({
    button: follow, where: where, noun: "place", stops: function () { return stops; }, update: ticked,
    map: function () { return map; },
  });

  orderButton.addEventListener("click", function () {
    ordered = !ordered;
    site.store(ORDERED, ordered);
    show();
  });
  reset.addEventListener("click", function () {
    stops.forEach(function (stop) { stop.box.checked = false; });
    ticked();
  });
  document.getElementById("favourites-clear").addEventListener("click", function () {
    site.favourites.save([]);
    site.store(DONE, []);
    done = [];
    show();
  });
  window.addEventListener("storage", show);  // saved or removed in another tab
  show();
  document.body.setAttribute("data-favourites-ready", "true");
})();
