// mapsite index page of a region field: each region's outline, filled by one of the index
// table's numbers (places, or a median of an aggregate) in five classes of about as many regions
// each, with a legend; a region with no number is left grey. A region links to its page, by a
// click or from the keyboard: each is a link in the tab order, named with its number, outlined and
// showing its tooltip while it has the focus, opened with Enter.
// Reads regions.json beside the page (RegionsMapFile.swift).
(function () {
  "use strict";
  var element = document.getElementById("regions-map");
  if (!element || typeof L === "undefined") return;
  // Light to dark, readable with every kind of colour vision (viridis, reversed).
  var RAMP = ["#fde725", "#5ec962", "#21918c", "#3b528b", "#440154"];
  var NONE = "#c8c8c8";
  var controls = document.querySelector(".regions-controls");
  var menu = document.getElementById("regions-column");
  // Quarter zoom steps, so that the regions fill the map rather than half of it.
  var map = L.map(element, { scrollWheelZoom: false, zoomSnap: 0.25 }).setView([20, 0], 2);
  window.mapsite.basemap(map);
  window.mapsite.map = map;
  // Below the map, not on it, where it would hide the regions of a phone's small map.
  var legend = document.getElementById("regions-legend");
  var layer = null, data = null;

  var escapeHTML = window.mapsite.escapeHTML;

  // Class limits: the values splitting the sorted numbers into five parts as equal as ties allow.
  function breaks(values) {
    var sorted = values.filter(function (v) { return v !== null; }).sort(function (a, b) { return a - b; });
    var limits = [];
    for (var i = 1; i < RAMP.length; i++) {
      var limit = sorted[Math.floor(i * sorted.length / RAMP.length)];
      if (limit !== undefined && limits.indexOf(limit) < 0 && limit > sorted[0]) limits.push(limit);
    }
    return { min: sorted[0], limits: limits };
  }

  // The class of a value: how many limits it reaches, spread over the ramp when there are fewer.
  function colour(value, scale) {
    if (value === null || value === undefined) return NONE;
    var reached = scale.limits.filter(function (limit) { return value >= limit; }).length;
    var steps = scale.limits.length;
    return RAMP[steps === 0 ? RAMP.length - 1 : Math.round(reached * (RAMP.length - 1) / steps)];
  }

  function draw(column) {
    var values = data.features.map(function (f) { return f.properties.values[column]; });
    var scale = breaks(values);
    if (layer) map.removeLayer(layer);
    layer = L.geoJSON(data, {
      style: function (feature) {
        var value = feature.properties.values[column];
        return { color: "#333", weight: 1, fillColor: colour(value, scale), fillOpacity: 0.7 };
      },
      onEachFeature: function (feature, path) {
        var p = feature.properties;
        var open = function () { location.href = window.mapsite.settings.root + p.url; };
        path.bindTooltip(escapeHTML(p.name) + ": " + escapeHTML(p.texts[column]), { sticky: true });
        path.on("click", open);
        path.on("add", function () {
          var svg = path.getElement && path.getElement();
          if (!svg) return;
          svg.setAttribute("data-name", p.name);
          svg.setAttribute("data-fill", colour(p.values[column], scale));
          svg.setAttribute("tabindex", "0");
          svg.setAttribute("role", "link");
          svg.setAttribute("aria-label", p.name + ": " + p.texts[column]);
          svg.addEventListener("keydown", function (event) {
            if (event.key === "Enter") open();
          });
          // Not brought to the front: that would move it to the end of the tab order.
          svg.addEventListener("focus", function () {
            path.setStyle({ color: "#000", weight: 3 });
            path.openTooltip();
          });
          svg.addEventListener("blur", function () {
            layer.resetStyle(path);
            path.closeTooltip();
          });
        });
      },
    }).addTo(map);
    var rows = ["<strong>" + escapeHTML(data.columns[column]) + "</strong>"];
    var texts = {};
    data.features.forEach(function (f) { texts[f.properties.values[column]] = f.properties.texts[column]; });
    var edges = [scale.min].concat(scale.limits);
    edges.forEach(function (edge, index) {
      if (edge === undefined) return;
      var upper = index + 1 < edges.length ? " to under " + escapeHTML(texts[edges[index + 1]]) : " and more";
      rows.push('<span class="regions-swatch" style="background:' + colour(edge, scale) + '"></span>' +
        escapeHTML(texts[edge]) + (edges.length > 1 ? upper : ""));
    });
    if (values.some(function (v) { return v === null; })) {
      rows.push('<span class="regions-swatch" style="background:' + NONE + '"></span>No value');
    }
    legend.innerHTML = rows.map(function (row) { return "<span>" + row + "</span>"; }).join("");
    element.setAttribute("data-column", String(column));
  }

  fetch(element.getAttribute("data-regions")).then(function (response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  }).then(function (file) {
    if (file.v !== 1) throw new Error("unknown format " + file.v);
    data = file;
    // The first number of an aggregate when there is one (a median, say), else the places.
    var first = file.columns.length > 1 ? 1 : 0;
    file.columns.forEach(function (label, index) {
      var option = document.createElement("option");
      option.value = String(index);
      option.textContent = label;
      menu.appendChild(option);
    });
    menu.value = String(first);
    controls.hidden = file.columns.length < 2;
    menu.addEventListener("change", function () { draw(Number(menu.value)); });
    draw(first);
    var bounds = L.geoJSON(file).getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [10, 10] });
    element.setAttribute("data-ready", "true");
  }).catch(function (error) {
    element.textContent = "Could not load the regions: " + error.message;
    throw error;
  });
})();
