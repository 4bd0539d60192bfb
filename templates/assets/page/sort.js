// The entry of a group index page's table (table.sortable): sorted by the column whose heading
// button is pressed; pressing again reverses. Cells sort by their data-value (their text when
// they have none), numerically when both are numbers; cells with an empty value always come last.

function key(row, column) {
  const cell = row.cells[column];
  return (cell.hasAttribute("data-value") ? cell.getAttribute("data-value") : cell.textContent).trim();
}

function isNumber(text) {
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text);
}

// The order of two rows' keys, ascending or not; empty keys last either way.
function compare(x, y, ascending) {
  let order;
  if (x === "" || y === "") order = (x === "") - (y === "");
  else if (isNumber(x) && isNumber(y)) order = Number(x) - Number(y);
  else order = x.localeCompare(y, undefined, { numeric: true, sensitivity: "base" });
  return ascending || x === "" || y === "" ? order : -order;
}

function sortBy(table, headings, heading, column) {
  const ascending = heading.getAttribute("aria-sort") !== "ascending";
  headings.forEach((other) => other.removeAttribute("aria-sort"));
  heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  const body = table.tBodies[0];
  const rows = Array.prototype.slice.call(body.rows);
  rows.sort((a, b) => compare(key(a, column), key(b, column), ascending));
  rows.forEach((row) => body.appendChild(row));
}

document.querySelectorAll("table.sortable").forEach((table) => {
  const headings = table.querySelectorAll("thead th");
  headings.forEach((heading, column) => {
    const button = heading.querySelector("button");
    if (button) button.addEventListener("click", () => sortBy(table, headings, heading, column));
  });
});
