// The entry of a dataset's map page without filters, and of the map of all datasets
// (map.mustache): the menu, then the map, its first view drawn from the page (first-view.js).
import { mapPage } from "./first-view.js";
import { setUpMenu } from "./menu.js";

setUpMenu();
const element = document.getElementById("map");
if (element) mapPage(element, null);
