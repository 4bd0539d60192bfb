// The list page of a dataset with `filters:` (docs/explore.md): the filter panel above the list,
// and with a filter on, the matching places in the list's order, a page at a time, in place of
// the static pages; "Download these" cuts the dataset's downloads to them, here in the browser.
// The choice is the page's query, as on the map (?borough=Bronx), the page `_page=N`.
import { Tileset } from "../core/tileset.js";
import { Explore } from "../core/explore.js";
import { FilteredList } from "../core/filtered-list.js";
import { cutCSV, cutGeoJSON } from "../core/download-cut.js";
import { setUpFilters } from "./filter-panel.js";
import { showListFields } from "./list-fields.js";
import { escapeHTML, siteURL } from "./html.js";
import { settings } from "./settings.js";

const holder = document.getElementById("list-explore");
const name = holder.getAttribute("data-dataset");
const size = Number(holder.getAttribute("data-page-size")) || 50;
const panel = document.getElementById("filter-panel"), toggle = document.getElementById("filter-toggle");
const shown = document.getElementById("filtered-list"), fixed = document.getElementById("static-list");
const grouped = new Intl.NumberFormat("en");
let list = null, rendering = 0;

function pageInURL() {
  const page = Math.floor(Number(new URLSearchParams(location.search).get("_page")));
  return page >= 1 ? page : 1;
}

function pageURL(explore, page) { return "?" + explore.query + (page > 1 ? "&_page=" + page : ""); }

function entry(place) {
  const [, , id, title, slug, thumb] = place;
  const image = thumb ? '<img src="' + escapeHTML(siteURL(thumb)) + '" alt="" loading="lazy" width="80" height="54">' : "";
  return '<li data-id="' + escapeHTML(id) + '">' + image + '<a href="' + escapeHTML(settings.root + name + "/" + slug + "/") + '">' +
    escapeHTML(title) + "</a></li>";
}

function pagination(explore, page, pages) {
  if (pages < 2) return "";
  const link = (to, rel, text) => '<a rel="' + rel + '" href="' + escapeHTML(pageURL(explore, to)) + '" data-page="' + to + '">' + text + "</a>";
  return '<nav class="pagination" aria-label="Pages">' + (page > 1 ? link(page - 1, "prev", "‹ Previous") : "") +
    '<span aria-current="page">Page ' + page + " of " + pages + "</span>" + (page < pages ? link(page + 1, "next", "Next ›") : "") + "</nav>";
}

function markup(explore, page, pages, places) {
  const from = (page - 1) * size;
  const range = places.length ? grouped.format(from + 1) + "–" + grouped.format(from + places.length) + " of " : "";
  return '<p class="meta filtered-meta" role="status">' + range + grouped.format(list.total) + " matching places (of " +
    grouped.format(explore.index.count) + ') · <a href="' + escapeHTML(settings.root + name + "/map/?" + explore.query) + '">Map of these</a>' +
    ' · Download these: <button type="button" class="link-button" data-download="csv">CSV</button>, ' +
    '<button type="button" class="link-button" data-download="geojson">GeoJSON</button> <a class="download-ready" hidden></a></p>' +
    '<ul class="item-list">' + places.map(entry).join("") + "</ul>" + pagination(explore, page, pages);
}

// Shows the static pages when nothing narrows, else the page of matching places the URL names.
function render(explore) {
  const ticket = ++rendering;
  toggle.textContent = explore.active ? "Filter (" + explore.selection.filter(Boolean).length + ")" : "Filter";
  if (!explore.active) {
    shown.hidden = true;
    fixed.hidden = false;
    return Promise.resolve();
  }
  if (!list || list.query !== explore.query) {
    list = new FilteredList(explore);
    list.query = explore.query;
  }
  const current = list, pages = Math.max(1, Math.ceil(current.total / size)), page = Math.min(pageInURL(), pages);
  const numbers = current.numbers((page - 1) * size, page * size);
  return numbers.then((found) => Promise.all([found, current.places(found)])).then(([found, places]) => {
    if (ticket !== rendering) return;
    shown.innerHTML = markup(explore, page, pages, places);
    fixed.hidden = true;
    shown.hidden = false;
    const entries = shown.querySelector(".item-list");
    entries.setAttribute("data-list-fields", shown.getAttribute("data-list-fields") || "[]");
    const keys = Array.from(new Set(found.map((number) => explore.numbering.placeOf(number).key)));
    showListFields(entries, settings.root, name, keys).catch(() => {});
    shown.setAttribute("data-shown", explore.query + "|" + page);
  });
}

// The dataset's download of `kind` (csv, geojson) cut to the matching places, offered as a file.
function download(kind, button) {
  const current = list, ready = shown.querySelector(".download-ready");
  button.disabled = true;
  ready.hidden = false;
  ready.textContent = "Preparing…";
  ready.removeAttribute("href");
  const whole = fetch(settings.root + "downloads/" + name + "." + kind).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.text();
  });
  Promise.all([whole, current.rows()]).then(([text, keep]) => {
    const cut = kind === "csv" ? cutCSV(text, keep) : cutGeoJSON(text, keep);
    const blob = new Blob([cut], { type: kind === "csv" ? "text/csv" : "application/geo+json" });
    ready.href = URL.createObjectURL(blob);
    ready.download = name + "-filtered." + kind;
    ready.textContent = "Save " + ready.download + " (" + grouped.format(current.total) + " places)";
    ready.click();
  }, (error) => {
    ready.textContent = "The download could not be made: " + error.message;
  }).then(() => { button.disabled = false; });
}

shown.addEventListener("click", (event) => {
  const page = event.target.closest("a[data-page]"), button = event.target.closest("button[data-download]");
  if (page) {
    event.preventDefault();
    history.pushState(null, "", page.getAttribute("href"));
    render(list.explore).then(() => shown.scrollIntoView({ block: "start" }));
  } else if (button) {
    download(button.getAttribute("data-download"), button);
  }
});

toggle.addEventListener("click", () => {
  panel.hidden = !panel.hidden;
  toggle.setAttribute("aria-expanded", String(!panel.hidden));
  if (!panel.hidden) panel.querySelector("input, button").focus();
});

const explore = new Explore(new Tileset(settings.root, name));
explore.load().then((loaded) => {
  if (!loaded) return null;
  let first = null;
  const drawn = new Promise((resolve) => { first = resolve; });
  return setUpFilters(panel, loaded, () => render(loaded).then(first, first), drawn).then(() => {
    panel.querySelector(".filter-fit").hidden = true;
    // Open above the list on a wide screen; on a phone the list comes first, "Filter (n)" opens it.
    if (matchMedia("(min-width: 900px)").matches) {
      panel.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
    }
  });
}).catch((error) => {
  shown.hidden = false;
  shown.textContent = "The filters could not be loaded: " + error.message;
});
