import { test } from "node:test";
import assert from "node:assert/strict";
import { color, pinIcon, clusterMarkup, DEFAULT_COLOR } from "../../templates/assets/core/icons.js";

test("a colour is #rrggbb or the default", () => {
  assert.equal(color("#AbC123"), "#AbC123");
  for (const bad of [undefined, null, "", "red", "#abc", "#abcdefg", '#123456" onload="x']) {
    assert.equal(color(bad), DEFAULT_COLOR, String(bad));
  }
});

test("a pin: 25 × 41, its tip on the place, in its colour, with the extra class", () => {
  const icon = pinIcon("#ff0000", undefined, "layer-cafes");
  assert.equal(icon.className, "place-pin layer-cafes");
  assert.deepEqual(icon.iconSize, [25, 41]);
  assert.deepEqual(icon.iconAnchor, [12.5, 40]);
  assert.deepEqual(icon.popupAnchor, [0, -34]);
  assert.deepEqual(icon.tooltipAnchor, [12, -24]);
  assert.match(icon.html, /<path [^>]*fill="#ff0000"/);
  assert.equal(pinIcon("nonsense").className, "place-pin");
  assert.match(pinIcon("nonsense").html, new RegExp('fill="' + DEFAULT_COLOR + '"'));
  // An empty label is no label.
  assert.deepEqual(pinIcon("#ff0000", ""), pinIcon("#ff0000"));
});

test("a numbered pin: a 24-pixel badge centred on the place, three characters at most, only letters and digits", () => {
  const icon = pinIcon("#00ff00", 7);
  assert.equal(icon.className, "place-pin numbered");
  assert.deepEqual(icon.iconSize, [24, 24]);
  assert.deepEqual(icon.iconAnchor, [12, 12]);
  assert.match(icon.html, /font-size="11"[^>]*>7<\/text>/);
  assert.match(pinIcon("#00ff00", 123).html, /font-size="9"[^>]*>123<\/text>/);
  assert.match(pinIcon("#00ff00", 12345).html, />123<\/text>/);
  assert.match(pinIcon("#00ff00", "<b>").html, />b<\/text>/);
  assert.equal(pinIcon("#00ff00", 3, "x").className, "place-pin numbered x");
});

test("a cluster: sized by its count, the count grouped in thousands", () => {
  const small = clusterMarkup(99, "#123456");
  assert.equal(small.className, "map-cluster");
  assert.deepEqual(small.iconSize, [34, 34]);
  assert.deepEqual(small.iconAnchor, [17, 17]);
  assert.equal(small.html, '<div class="cluster-icon" style="--color:#123456;width:34px;height:34px">99</div>');
  assert.deepEqual(clusterMarkup(100).iconSize, [42, 42]);
  assert.deepEqual(clusterMarkup(999).iconSize, [42, 42]);
  const big = clusterMarkup(12345, "bad", "layer-a");
  assert.deepEqual(big.iconSize, [52, 52]);
  assert.equal(big.className, "map-cluster layer-a");
  assert.match(big.html, new RegExp("--color:" + DEFAULT_COLOR + ";width:52px;height:52px\">12,345</div>"));
});
