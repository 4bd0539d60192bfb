// mapsite: the small map on item pages. The site's settings come from data- attributes of <body>.
(function () {
  "use strict";
  var body = document.body;
  var settings = {
    root: body.getAttribute("data-root") || "./",
    basemap: body.getAttribute("data-basemap"),
    attribution: body.getAttribute("data-attribution"),
    maxZoom: Number(body.getAttribute("data-max-zoom")) || 19,
  };

  function basemap(map) {
    L.tileLayer(settings.basemap, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(map);
  }

  function miniMap(element) {
    var lat = Number(element.getAttribute("data-lat"));
    var lon = Number(element.getAttribute("data-lon"));
    var map = L.map(element, { scrollWheelZoom: false }).setView([lat, lon], 16);
    basemap(map);
    L.marker([lat, lon], { title: element.getAttribute("data-title") }).addTo(map);
  }

  window.mapsite = { settings: settings, basemap: basemap };
  if (typeof L === "undefined") return;
  document.querySelectorAll(".minimap").forEach(miniMap);
})();
