// A filtered download made in the browser (docs/explore.md): the rows a filter keeps, cut from
// the dataset's whole downloads as the build writes them (Render/Downloads.swift), so that every
// field and every byte of a kept row is the build's. `keep(row)` says whether row `row` (0 the
// first place) stays.

// A CSV (RFC 4180, records ending in CRLF): the header and the kept records. A line end inside a
// quoted cell belongs to its record; a doubled quote inside one toggles twice.
export function cutCSV(text, keep) {
  const kept = [];
  let start = 0, row = -1, quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      quoted = !quoted;
    } else if (c === 10 && !quoted) {
      if (row < 0 || keep(row)) kept.push(text.slice(start, i + 1));
      row++;
      start = i + 1;
    }
  }
  return kept.join("");
}

// A FeatureCollection with a feature a line, each followed by a comma but the last: the kept
// features, commas between them.
export function cutGeoJSON(text, keep) {
  const lines = text.split("\n");
  const head = lines[0], end = lines.length - 2;
  if (lines[end] !== "]}") throw new Error("a download not in the build's form: its last line is not ]}");
  const kept = [];
  for (let line = 1; line < end; line++) {
    if (!keep(line - 1)) continue;
    const feature = lines[line];
    kept.push(feature.charCodeAt(feature.length - 1) === 44 ? feature.slice(0, -1) : feature);
  }
  return head + "\n" + (kept.length ? kept.join(",\n") + "\n" : "") + "]}\n";
}
