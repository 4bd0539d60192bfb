// core/search.js against the files the Swift tests write into Tests/Fixtures/browser/search/
// (Tests/MapsiteCoreTests/Search/SearchScriptTests.swift): the folding table of SearchText.swift,
// and queries over two indexes with the results the Swift reference ranks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import {
  supported, fold, tokens, endsInToken, derivedSlug, decode, shardName, createSearch, sitePages, matchingPages,
} from "../../templates/assets/core/search.js";

const folder = join(dirname(fileURLToPath(import.meta.url)), "../Fixtures/browser/search");
const fixture = (path) => JSON.parse(readFileSync(join(folder, path), "utf8"));
const cases = fixture("cases.json");

// A page's search over a fixture index, recording the site paths it reads.
function page(site) {
  const fetched = [];
  const engine = createSearch((path) => {
    let text;
    try {
      text = readFileSync(join(folder, site, path), "utf8");
    } catch (error) {
      return null;
    }
    fetched.push(path);
    return JSON.parse(text);
  });
  return { engine, fetched };
}

test("Node has Unicode property escapes", () => {
  assert.equal(supported, true);
});

test("folding and tokens agree with SearchText.swift, character for character", () => {
  const table = fixture("folding.json");
  assert.ok(table.length > 50);
  for (const entry of table) {
    assert.equal(fold(entry.text), entry.folded, `fold ${JSON.stringify(entry.text)}`);
    assert.deepEqual(tokens(entry.text), entry.tokens, `tokens ${JSON.stringify(entry.text)}`);
    assert.equal(endsInToken(entry.text), entry.endsInToken, `endsInToken ${JSON.stringify(entry.text)}`);
    if (entry.derivedSlug !== undefined) assert.equal(derivedSlug(entry.text), entry.derivedSlug, entry.text);
  }
});

test("posting lists and shard names", () => {
  // With 1 bit: document 0 quality 1, then a gap of 1 (document 2) quality 0; with 2 bits,
  // document 0 quality 3.
  assert.deepEqual([...decode("12", 1)], [[0, 1], [2, 0]]);
  assert.deepEqual([...decode("3", 2)], [[0, 3]]);
  assert.deepEqual([...decode("", 1)], []);
  assert.deepEqual([...decode(undefined, 1)], []);
  assert.equal(decode("W0", 1).size, 1); // a continued digit (32 and up), then its last
  assert.equal(shardName("ab1"), "ab1");
  assert.equal(shardName(""), "_");
  assert.equal(shardName("mü"), "_6dc3bc");
});

async function checkQueries(site, list) {
  for (const { query, paths } of list) {
    const { engine } = page(site);
    const results = await engine.search(query);
    assert.deepEqual(results.map((result) => result.path), paths, `${site}: ${JSON.stringify(query)}`);
  }
}

test("queries over the fixture places find the reference ranking", async () => {
  assert.ok(cases.places.some((entry) => entry.paths.length > 2));
  await checkQueries("places", cases.places);
});

test("queries over split shards and long lists find the reference ranking", async () => {
  assert.ok(cases.generated.filter((entry) => entry.paths.length > 0).length > cases.generated.length / 2);
  await checkQueries("generated", cases.generated);
});

test("a query reads the manifest, its shard and its results' documents", async () => {
  for (const { query, paths } of cases.fetched) {
    const { engine, fetched } = page("places");
    await engine.search(query);
    assert.deepEqual(fetched.slice().sort(), paths, query);
  }
});

test("a one-word query reads one shard and no long list", async () => {
  for (const query of ["s", "sa", "san", "c1", "road", "lon", "1", "1000"]) {
    const { engine, fetched } = page("generated");
    await engine.search(query);
    const shards = fetched.filter((path) => path.startsWith("search/s/"));
    assert.ok(shards.length <= 1, `${query}: ${shards}`);
    assert.ok(shards.every((path) => path.split(".").length === 2), `${query}: ${shards}`);
  }
});

test("each file is read once per page", async () => {
  const { engine, fetched } = page("generated");
  for (const query of ["s", "sa", "san", "san ", "san c", "san c1"]) await engine.search(query);
  assert.equal(new Set(fetched).size, fetched.length);
});

test("results carry the dataset, the detail and the page", async () => {
  const { engine } = page("places");
  const [orsay] = await engine.search("orsay");
  assert.equal(orsay.dataset, "museums");
  assert.equal(orsay.datasetTitle, "Museums");
  assert.equal(orsay.detail, "Paris");
  assert.equal(orsay.title, "Musée d'Orsay");
  assert.equal(orsay.thumbnail, "");
});

test("a missing manifest fails the query, and the next query asks again", async () => {
  let asked = 0;
  const engine = createSearch(() => {
    asked += 1;
    return Promise.reject(new Error("offline"));
  });
  await assert.rejects(engine.search("paris"));
  await assert.rejects(engine.search("paris"));
  assert.equal(asked, 2);
  await assert.rejects(createSearch(() => ({ version: 99 })).search("paris"), /another version/);
});

test("the site's own pages: title words first, then text, the last word as a prefix", () => {
  const pages = sitePages(fixture("places/search/pages.json"));
  assert.equal(pages[0].datasetTitle, "2 places");
  for (const { query, paths } of cases.pages) {
    assert.deepEqual(matchingPages(pages, query).map((found) => found.path), paths, JSON.stringify(query));
  }
  assert.deepEqual(sitePages(null), []);
  assert.deepEqual(sitePages({ v: 2, pages: [] }), []);
  assert.equal(matchingPages(pages, "corner", 1).length, 1);
});

// The oracle for nearestNumber: every document title of a fixture index, read directly.
function titlesOf(site) {
  const manifest = fixture(site + "/search/index.json");
  const titles = [];
  for (let chunk = 0; chunk * manifest.chunk < manifest.documents; chunk++) {
    fixture(`${site}/search/d/${chunk}.json`).d.forEach((entry) => titles.push(entry[0]));
  }
  return titles;
}

test("a house number no place has finds the nearest number on the same street", async () => {
  const titles = titlesOf("places");
  for (const query of ["1550 walnut", "1550 Chestnut", "walnut 1600", "1000 walnut st", "1549 wal"]) {
    const number = Number(query.match(/[0-9]+/)[0]);
    const street = tokens(query.replace(/[0-9]+/, ""));
    const growing = endsInToken(query) && !/[0-9]$/.test(query);
    // By brute force: titles with every street word (the last, while typed, as a start) and a
    // number of as many digits, the nearest.
    const candidates = titles.map((title) => {
      const words = tokens(title);
      const has = street.every((word, index) => words.some((own) =>
        (growing && index === street.length - 1 ? own.startsWith(word) : own === word)));
      const numbers = words.filter((word) => /^[0-9]+$/.test(word) && word.length === String(number).length);
      return has && numbers.length ? { title, off: Math.min(...numbers.map((n) => Math.abs(Number(n) - number))) } : null;
    }).filter(Boolean);
    assert.ok(candidates.length > 0, `the fixture has no place for ${query}`);
    const best = Math.min(...candidates.map((c) => c.off));
    const expected = candidates.filter((c) => c.off === best).map((c) => c.title).sort();
    const { engine } = page("places");
    assert.deepEqual(await engine.search(query), [], `${query} should find nothing by itself`);
    const near = await engine.nearestNumber(query);
    assert.ok(near, query);
    assert.equal(near.number, String(number));
    assert.deepEqual(near.results.map((result) => result.title).sort(), expected, query);
  }
});

test("nearestNumber needs one number and a street that some title has", async () => {
  const { engine } = page("places");
  for (const query of ["walnut", "1552", "1552 1553 walnut", "1552 nowhere", "1552 paris walnut"]) {
    assert.equal(await engine.nearestNumber(query), null, query);
  }
});
