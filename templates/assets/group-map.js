// mapsite group page: draws the group's places (and its region's outline, when it has one)
// from the points file next to the page.
(function () {
  "use strict";
  var element = document.getElementById("group-map");
  if (!element || typeof L === "undefined") return;
  var settings = window.mapsite.settings;
  var dataset = element.getAttribute("data-dataset");
  var fill = window.mapsite.color(element.getAttribute("data-color"));
  var map = L.map(element).setView([20, 0], 2);
  window.mapsite.basemap(map);
  window.mapsite.map = map;
  fetch(element.getAttribute("data-points")).then(function (response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  }).then(function (data) {
    var bounds = L.latLngBounds([]);
    if (data.shape) {
      var outline = L.geoJSON(data.shape, { style: { color: fill, weight: 2, fillOpacity: 0.08 } }).addTo(map);
      bounds.extend(outline.getBounds());
    }
    var markers = L.markerClusterGroup(window.mapsite.clusterOptions(fill, { maxClusterRadius: 40 }));
    markers.addLayers(data.p.map(function (p) {
      var link = document.createElement("a");
      link.href = settings.root + dataset + "/" + encodeURIComponent(p[3]) + "/";
      link.textContent = p[2];
      bounds.extend([p[0], p[1]]);
      return L.marker([p[0], p[1]], { title: p[2], icon: window.mapsite.pin(fill) }).bindPopup(link);
    }));
    map.addLayer(markers);
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [20, 20], maxZoom: 17 });
    element.setAttribute("data-ready", "true");
  }).catch(function (error) {
    element.textContent = "Could not load the places of this group: " + error.message;
    throw error;
  });
})();
