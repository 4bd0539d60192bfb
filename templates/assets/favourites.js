// mapsite favourites page: the places saved with ☆ on their pages, from this browser's storage,
// listed newest first and drawn on a map in their datasets' colours.
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
  var map = null, layer = null;
  // Whether the places are shown in the order of the shortest way through them.
  var ordered = false;

  // How much longer than the shortest possible the way can be, rounded up to a tenth of a percent.
  function gap(total, bound) {
    if (!(bound > 0) || total < bound) return ", not proven shortest";
    var tenths = Math.max(1, Math.ceil((total / bound - 1) * 1000 - 1e-9));
    return ", at most " + (tenths / 10).toFixed(1) + "% longer than the shortest possible";
  }

  function show() {
    var places = site.favourites.list();
    var legs = [];
    if (ordered && places.length > 1 && window.mapsiteRoute) {
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
    status.textContent = places.length
      ? places.length + (places.length === 1 ? " place" : " places") + " saved."
      : "No favourites yet: press ☆ Save on a place's page to keep it here.";
    layout.hidden = places.length === 0;
    if (!places.length) return;
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
      if (ordered) {
        var rank = document.createElement("span");
        rank.className = "near-rank";
        rank.style.background = site.color(colors[place.dataset]);
        rank.textContent = index + 1;
        li.appendChild(rank);
        if (index > 0) kind.textContent += " · + " + window.mapsiteTiles.formatDistance(legs[index]);
      }
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "favourite-remove";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", "Remove " + place.title);
      remove.addEventListener("click", function () {
        site.favourites.remove(place.dataset, place.id);
        show();
      });
      li.appendChild(text);
      li.appendChild(remove);
      list.appendChild(li);
      if (layer) {
        var popup = document.createElement("a");
        popup.href = link.href;
        popup.textContent = place.title;
        L.marker([place.lat, place.lon], { title: place.title, icon: site.pin(colors[place.dataset], ordered ? index + 1 : undefined) })
          .bindPopup(popup).addTo(layer);
      }
    });
    if (layer && ordered) {
      L.polyline(places.map(function (p) { return [p.lat, p.lon]; }), { color: "#1d2733", weight: 3, opacity: 0.6, dashArray: "6 6" })
        .addTo(layer);
    }
    if (map) {
      map.invalidateSize();
      map.fitBounds(places.map(function (p) { return [p.lat, p.lon]; }),
        { paddingTopLeft: [30, 50], paddingBottomRight: [30, 20], maxZoom: 16 });
    }
  }

  orderButton.addEventListener("click", function () {
    ordered = !ordered;
    show();
  });
  document.getElementById("favourites-clear").addEventListener("click", function () {
    site.favourites.save([]);
    show();
  });
  window.addEventListener("storage", show);  // saved or removed in another tab
  show();
  document.body.setAttribute("data-favourites-ready", "true");
})();
