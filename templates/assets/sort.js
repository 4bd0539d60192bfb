// mapsite: sorts a table.sortable by the column whose heading button is pressed; pressing again
// reverses. Cells sort by their data-value (their text when they have none), numerically when
// both are numbers; cells with an empty value always come last.
(function () {
  "use strict";
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var headings = table.querySelectorAll("thead th");
    headings.forEach(function (heading, column) {
      var button = heading.querySelector("button");
      if (!button) return;
      button.addEventListener("click", function () {
        var ascending = heading.getAttribute("aria-sort") !== "ascending";
        headings.forEach(function (other) { other.removeAttribute("aria-sort"); });
        heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        function key(row) {
          var cell = row.cells[column];
          return (cell.hasAttribute("data-value") ? cell.getAttribute("data-value") : cell.textContent).trim();
        }
        function isNumber(text) {
          return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text);
        }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          var order;
          if (x === "" || y === "") order = (x === "") - (y === "");
          else if (isNumber(x) && isNumber(y)) order = Number(x) - Number(y);
          else order = x.localeCompare(y, undefined, { numeric: true, sensitivity: "base" });
          return ascending || x === "" || y === "" ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();
