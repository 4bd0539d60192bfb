// A dataset's `list_fields` as the near-me page shows them beside each place found, from the
// `.fields.json` file beside each point tile (format: docs/tile-format.md): `f` the fields (label,
// whether hours), `zone`, `t` the tile's distinct values (an hours value as [text, week]), `v`
// each place's indexes into `t` (null: empty).
import { describeAt } from "./hours.js";
import { tileOf } from "./mercator.js";

// The fields file of the point tile `key` (a quadkey) of `dataset`, below the site root.
export function fieldsPath(dataset, key) {
  const t = tileOf(key);
  return "tiles/" + dataset + "/" + t.z + "/" + t.x + "/" + t.y + ".fields.json";
}

// Each place of the files by id: its row, with the file whose value table it points into.
export function rowsOf(files) {
  const rows = new Map();
  files.forEach((file) => {
    Object.keys(file.v).forEach((id) => { rows.set(id, { row: file.v[id], file: file }); });
  });
  return rows;
}

// One field's text ("Label: value"); an hours field's next time at `date` instead when there is
// one, the text as written then its title ("" when none).
export function fieldText(file, index, value, date) {
  const spec = file.f[index];
  const written = spec.label + ": " + (spec.hours ? value[0] : value);
  const next = spec.hours ? describeAt(value[1], date, file.zone) : "";
  return next ? { text: next, title: written } : { text: written, title: "" };
}

// The texts of a place's fields, in order, its empty ones left out.
export function fieldTexts(place, date) {
  const shown = [];
  place.row.forEach((entry, index) => {
    if (entry !== null) shown.push(fieldText(place.file, index, place.file.t[entry], date));
  });
  return shown;
}
