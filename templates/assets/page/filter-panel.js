// The filter panel of a dataset's map page (docs/explore.md): a fieldset a field of the
// dataset's `filters:`, check boxes of its values with their counts, or a range of two sliders
// over its histogram; how many places match; "Clear" and "Fit to results". The choice is kept in
// the page's query (?year=1910..1925&borough=Bronx), so that back and forward, a bookmark or a
// shared link show the same places. `explore` is the dataset's Explore (core/explore.js),
// loaded; `changed()` is called once the matching places are known after each change.
import { binCount, noneBin } from "../core/filter.js";
import { escapeHTML } from "./html.js";

const grouped = new Intl.NumberFormat("en");

// A range field's edge as a visitor reads it: a year, or the number in the field's format.
function edgeText(field, value) {
  if (field.type === "year") return String(value);
  const text = grouped.format(value);
  return field.format === "currency" ? field.symbol + text : text;
}

function valueLabel(field, bin) { return bin === noneBin(field) ? "No value" : field.values[bin]; }

// The check boxes of a values field; a search box above them when there are many.
function valuesFieldset(field, f) {
  const boxes = [];
  for (let bin = 0; bin < binCount(field); bin++) {
    if (bin === noneBin(field) && !field.none) continue;
    boxes.push('<label class="filter-value"><input type="checkbox" data-field="' + f + '" value="' + bin + '"> ' +
      escapeHTML(valueLabel(field, bin)) + ' <span class="filter-count" data-count="' + f + "/" + bin + '"></span></label>');
  }
  const search = boxes.length > 12 ? '<input type="search" class="filter-search" data-field="' + f +
    '" placeholder="Find a value" aria-label="Find a value of ' + escapeHTML(field.label) + '">' : "";
  return search + '<div class="filter-values">' + boxes.join("") + "</div>";
}

// A range field: its histogram (a bar a bin) and two sliders over the bins' edges.
function rangeFieldset(field, f) {
  const last = field.edges.length - 1;
  const bars = field.counts.map((count, bin) => '<span class="filter-bar" data-bar="' + f + "/" + bin + '"></span>').join("");
  const slider = (end, value) => '<label>' + (end === "from" ? "From" : "To") + ' <input type="range" min="0" max="' + last +
    '" step="1" value="' + value + '" data-field="' + f + '" data-end="' + end + '"></label>';
  return '<div class="filter-histogram" aria-hidden="true">' + bars + "</div>" +
    '<div class="filter-range">' + slider("from", 0) + slider("to", last) + "</div>" +
    '<output class="filter-range-text" data-range="' + f + '"></output>';
}

function panelMarkup(explore) {
  const fields = explore.index.fields.map((field, f) => '<fieldset class="filter-field"><legend>' +
    escapeHTML(field.label) + "</legend>" + (field.values ? valuesFieldset(field, f) : rangeFieldset(field, f)) + "</fieldset>");
  return '<div class="filter-head"><h2 id="filter-heading">Filter</h2><p class="filter-total" role="status"></p></div>' +
    fields.join("") +
    '<div class="filter-actions"><button type="button" class="filter-clear">Clear</button>' +
    '<button type="button" class="filter-fit">Fit to results</button></div>';
}

// The selection the panel's inputs show.
function readInputs(panel, explore) {
  return explore.index.fields.map((field, f) => {
    if (field.values) {
      const bins = new Set();
      panel.querySelectorAll('input[type=checkbox][data-field="' + f + '"]').forEach((box) => {
        if (box.checked) bins.add(Number(box.value));
      });
      return bins.size ? { bins: bins } : null;
    }
    const from = Number(panel.querySelector('input[data-field="' + f + '"][data-end=from]').value);
    const to = Number(panel.querySelector('input[data-field="' + f + '"][data-end=to]').value);
    const low = Math.min(from, to), high = Math.max(from, to);
    if (low === 0 && high === field.edges.length - 1) return null;
    return { from: low, to: Math.max(low + 1, high) };
  });
}

// Sets the inputs to a selection (read from the query).
function writeInputs(panel, explore) {
  explore.index.fields.forEach((field, f) => {
    const chosen = explore.selection[f];
    if (field.values) {
      panel.querySelectorAll('input[type=checkbox][data-field="' + f + '"]').forEach((box) => {
        box.checked = Boolean(chosen && chosen.bins.has(Number(box.value)));
      });
      return;
    }
    panel.querySelector('input[data-field="' + f + '"][data-end=from]').value = chosen ? chosen.from : 0;
    panel.querySelector('input[data-field="' + f + '"][data-end=to]').value = chosen ? chosen.to : field.edges.length - 1;
  });
}

// The counts beside values and the histogram's bars, for each field among the places the
// other fields' choices match.
function showCounts(panel, explore) {
  return Promise.all(explore.index.fields.map((field, f) => explore.counts(f).then((counts) => {
      if (field.values) {
        counts.forEach((count, bin) => {
          const span = panel.querySelector('[data-count="' + f + "/" + bin + '"]');
          if (span) span.textContent = "(" + grouped.format(count) + ")";
          if (span) span.parentNode.classList.toggle("filter-empty", count === 0);
        });
        return;
      }
      const highest = Math.max(1, Math.max.apply(null, counts.slice(0, -1)));
      const chosen = explore.selection[f];
      counts.slice(0, -1).forEach((count, bin) => {
        const bar = panel.querySelector('[data-bar="' + f + "/" + bin + '"]');
        bar.style.height = Math.round(100 * count / highest) + "%";
        bar.classList.toggle("filter-bar-out", Boolean(chosen) && (bin < chosen.from || bin >= chosen.to));
        bar.title = edgeText(field, field.edges[bin]) + ": " + grouped.format(count);
      });
    })));
}

function showRanges(panel, explore) {
  explore.index.fields.forEach((field, f) => {
    if (field.values) return;
    const chosen = explore.selection[f] || { from: 0, to: field.edges.length - 1 };
    const high = field.type === "year" ? field.edges[chosen.to] - 1 : field.edges[chosen.to];
    panel.querySelector('[data-range="' + f + '"]').textContent =
      edgeText(field, field.edges[chosen.from]) + " – " + edgeText(field, high) +
      (field.none && explore.selection[f] ? " (leaves out " + grouped.format(field.none) + " without a value)" : "");
  });
}

function showTotal(panel, explore) {
  const total = explore.index.count, matched = explore.total;
  panel.querySelector(".filter-total").textContent = explore.active
    ? grouped.format(matched) + " of " + grouped.format(total) + " places match"
    : grouped.format(total) + " places";
}

// Makes the panel in `panel` (an empty element), from the page's query. Returns a promise once
// the query's places are shown. The first counts wait for `drawn` (a promise: the map's first
// markers), as the files they may need (each field's column) are larger than the markers'.
export function setUpFilters(panel, explore, changed, drawn) {
  panel.innerHTML = panelMarkup(explore);
  let changes = 0;
  function apply(selection, push) {
    return explore.select(selection).then(() => {
      const query = explore.query;
      if (push && query !== location.search.replace(/^\?/, "")) {
        history.pushState(null, "", (query ? "?" + query : location.pathname) + location.hash);
      }
      writeInputs(panel, explore);
      showTotal(panel, explore);
      showRanges(panel, explore);
      // Which change the counts show, for tests and benchmarks that wait for them.
      const counting = changes === 0 && drawn ? drawn : Promise.resolve();
      counting.then(() => showCounts(panel, explore)).then(() => panel.setAttribute("data-counted", String(++changes)));
      changed();
    });
  }
  panel.addEventListener("change", (event) => {
    if (event.target.matches("input[data-field]")) apply(readInputs(panel, explore), true);
  });
  panel.addEventListener("input", (event) => {
    if (event.target.matches(".filter-search")) {
      const words = event.target.value.toLowerCase();
      event.target.parentNode.querySelectorAll(".filter-value").forEach((label) => {
        label.hidden = words !== "" && label.textContent.toLowerCase().indexOf(words) < 0;
      });
    }
  });
  panel.querySelector(".filter-clear").addEventListener("click", () => apply(explore.index.fields.map(() => null), true));
  window.addEventListener("popstate", () => explore.selectQuery(location.search).then(() => apply(explore.selection, false)));
  return explore.selectQuery(location.search).then(() => apply(explore.selection, false));
}
