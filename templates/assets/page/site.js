// The entry module of every page but a map page (whose first-view.js sets up the menu itself):
// the site's menu, the search box, the ☆ button of an item page, the mini maps.
import { favouriteButton } from "./favourite-button.js";
import { setUpMenu } from "./menu.js";
import { miniMap } from "./mini-map.js";
import "./search-box.js";

setUpMenu();
const heading = document.querySelector("article.place h1");
if (heading && document.getElementById("item-data")) favouriteButton(heading);
document.querySelectorAll(".minimap").forEach(miniMap);
