// core/units.js against DistanceText.swift's answers (Tests/Fixtures/browser/tiles/answers.json).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compass, formatDistance } from "../../templates/assets/core/units.js";

const answers = JSON.parse(readFileSync(new URL("../Fixtures/browser/tiles/answers.json", import.meta.url), "utf8"));

test("distances as text: as item pages write them", () => {
  assert.ok(answers.distanceText.length > 5);
  for (const { value, text } of answers.distanceText) assert.equal(formatDistance(value), text, `${value} m`);
});

test("compass points: as item pages write them", () => {
  assert.ok(answers.compass.length > 5);
  for (const { value, text } of answers.compass) assert.equal(compass(value), text, `${value}°`);
});
