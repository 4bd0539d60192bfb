// mapsite list fields: on the near-me page, the values of a dataset's `list_fields` beside each
// place found ("Collection times: Next pickup: today 17:00"), read from the `.fields.json` file
// beside each point tile that the search read (format: docs/tile-format.md). An hours field shows
// its next time, worked out by hours.js in the dataset's time zone, else its week as written.
(function () {
  "use strict";
  var files = {};

  function load(url) {
    if (!files[url]) {
      files[url] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.json();
      }).catch(function (error) {
        delete files[url];
        throw error;
      });
    }
    return files[url];
  }

  // One field's text: an hours field's next time when there is one (its week then in the title).
  function field(element, header, index, value) {
    var spec = header.f[index];
    var text = spec.hours ? value[0] : value;
    element.textContent = spec.label + ": " + text;
    var hours = window.mapsiteHours;
    if (spec.hours && hours) {
      var next = hours.describe(value[1], hours.moment(new Date(), header.zone));
      if (next) {
        element.title = element.textContent;
        element.textContent = next;
      }
    }
  }

  // Appends the list fields of `dataset` to each `li[data-id]` of `list`, from the fields files
  // of the tiles `keys` (quadkeys) of that dataset; nothing when the dataset has none. The
  // entries are taken now: a list replaced in the meantime is left alone.
  function show(list, root, dataset, keys) {
    var wanted = JSON.parse(list.getAttribute("data-list-fields") || "[]");
    var entries = Array.prototype.slice.call(list.querySelectorAll("li[data-id]"));
    if (wanted.indexOf(dataset) < 0 || !keys.length || !entries.length) return Promise.resolve(false);
    var tiles = window.mapsiteTiles;
    return Promise.all(keys.map(function (key) {
      var t = tiles.tileOf(key);
      return load(root + "tiles/" + dataset + "/" + t.z + "/" + t.x + "/" + t.y + ".fields.json");
    })).then(function (found) {
      // Each place's row, with the file whose value table its indexes point into.
      var rows = new Map();
      found.forEach(function (file) {
        Object.keys(file.v).forEach(function (id) { rows.set(id, { row: file.v[id], file: file }); });
      });
      entries.forEach(function (li) {
        var place = rows.get(li.getAttribute("data-id"));
        if (!li.isConnected || !place) return;
        var row = place.row, file = place.file;
        var holder = document.createElement("span");
        holder.className = "list-fields";
        row.forEach(function (entry, index) {
          if (entry === null) return;
          var value = file.t[entry];
          var span = document.createElement("span");
          span.className = "list-field";
          field(span, file, index, value);
          holder.appendChild(span);
        });
        li.appendChild(holder);
      });
      return true;
    });
  }

  window.mapsiteListFields = { show: show };
})();
