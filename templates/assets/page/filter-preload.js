// Written inline into the map page of a dataset with filters (map.mustache), with the module it
// imports inside it (ModuleBundle.swift), and run as soon as it is parsed: with a filter in the
// query, the filter's files are asked for beside the page's stylesheet and script rather than a
// round trip after them. Explore's fetch of the same URLs (filtered-first-view.js) takes these
// answers.
import { selectedPaths, selectionFromQuery } from "../core/filter.js";

const carried = document.getElementById("map-filters");
if (carried && location.search.length > 1) {
  const index = JSON.parse(carried.textContent);
  const base = carried.getAttribute("data-files");
  for (const path of selectedPaths(index, selectionFromQuery(location.search, index))) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = base + path;
    document.head.appendChild(link);
  }
}
