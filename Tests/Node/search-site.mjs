// Runs queries with core/search.js against a site folder with search/, for the Swift tests and
// the search benchmark, so neither keeps a copy of the query:
//
//     node Tests/Node/search-site.mjs SITE < request.json
//
// The request is {"queries": [text, …], "typing": false}. For each query, on a page of its own
// (nothing loaded before), it prints {query, tokens, endsInToken, results, fetched, ms}: fetched
// is the site paths read, in order, ms the time of the search; with "typing", also `typed`: the
// paths read while the query is typed one character at a time on one page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createSearch, tokens, endsInToken } from "../../templates/assets/core/search.js";

const site = process.argv[2];
const request = JSON.parse(readFileSync(0, "utf8"));
const texts = new Map();

function read(path) {
  if (!texts.has(path)) {
    try {
      texts.set(path, readFileSync(join(site, path), "utf8"));
    } catch (error) {
      texts.set(path, null);
    }
  }
  return texts.get(path);
}

// A page: a search whose files are read from the site, each read recorded.
function page() {
  const fetched = [];
  const engine = createSearch((path) => {
    const text = read(path);
    if (text === null) return null;
    fetched.push(path);
    return JSON.parse(text);
  });
  return { engine, fetched };
}

async function typing(text) {
  const { engine, fetched } = page();
  const characters = Array.from(text);
  for (let end = 1; end <= characters.length; end++) await engine.search(characters.slice(0, end).join(""));
  return fetched;
}

async function main() {
  const out = [];
  for (const text of request.queries) {
    const { engine, fetched } = page();
    const started = process.hrtime.bigint();
    const results = await engine.search(text);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const row = { query: text, tokens: tokens(text), endsInToken: endsInToken(text), results, fetched, ms };
    if (request.typing) row.typed = await typing(text);
    out.push(row);
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
