// How long the favourites page takes to put places in their shortest order (core/route.js), in
// Node's V8, Chromium's engine: paths through the 13 to 100 places of the 10k synthetic data
// nearest to its first place (run bench.py once first, which makes that data). Medians of 3.
//   node Tests/Benchmarks/route_bench.js
// A CommonJS script that imports the theme's modules, so that it runs on any Node with import().
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

const repo = path.resolve(__dirname, "..", "..");
const theme = (name) => import(pathToFileURL(path.join(repo, "templates/assets/core", name)).href);

async function main() {
  const { distance } = await theme("geo.js");
  const { plan } = await theme("route.js");
  const data = path.join(repo, ".build/bench/data/places-10k-v1.csv");
  if (!fs.existsSync(data)) {
    console.error(`${data} is missing: run Tests/Benchmarks/bench.py first`);
    process.exit(1);
  }
  const points = fs.readFileSync(data, "utf8").trim().split("\n").slice(1)
    .map((line) => line.split(",")).map((cells) => [parseFloat(cells[3]), parseFloat(cells[4])]);
  const [lat, lon] = points[0];
  const nearest = points.slice().sort((a, b) => distance(a[0], a[1], lat, lon) - distance(b[0], b[1], lat, lon));
  console.log("places  median     result");
  for (const count of [13, 24, 30, 40, 60, 100]) {
    const times = [];
    let found;
    for (let run = 0; run < 3; run++) {
      const start = process.hrtime.bigint();
      found = plan(nearest.slice(0, count));
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    const result = found.proven ? "proven shortest" : `bound ${(found.bound / 1000).toFixed(1)} km`;
    console.log(`${String(count).padStart(6)}  ${times[1].toFixed(1).padStart(6)} ms  ${result}`);
  }
}

main();
