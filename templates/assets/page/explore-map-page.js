// The entry of the map page of a dataset with filters (map.mustache): as map-page.js, with what
// draws the first view filtered when the query names a filter (filtered-first-view.js), in the
// one script, so that the page's first markers wait for no second one.
import { carriedExplore } from "./filtered-first-view.js";
import { mapPage } from "./first-view.js";
import { setUpMenu } from "./menu.js";

setUpMenu();
const element = document.getElementById("map");
if (element) mapPage(element, carriedExplore);
