// On a narrow screen the site's menu folds behind a button (hidden, and the menu open, without
// script): the button opens and closes it, Escape closes it and gives the button the focus. Set
// up first on every page (site.js; first-view.js on a map page), as it changes the height of the
// header, and so the size of a map's first view.

function siteMenu(button) {
  const header = button.closest(".site-header");
  const menu = document.getElementById(button.getAttribute("aria-controls"));
  const open = () => button.getAttribute("aria-expanded") === "true";
  function toggle(state) {
    button.setAttribute("aria-expanded", String(state));
    header.classList.toggle("menu-open", state);
  }
  button.addEventListener("click", () => toggle(!open()));
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !open()) return;
    toggle(false);
    button.focus();
  });
  // Following one of its links closes it (a link to this very page would leave it open).
  menu.addEventListener("click", (event) => { if (event.target.closest("a")) toggle(false); });
  document.documentElement.classList.add("js-menu");
  button.hidden = false;
}

let done = false;

// Sets up the page's menu, once however often it is called.
export function setUpMenu() {
  if (done) return;
  done = true;
  const button = document.querySelector(".menu-button");
  if (button) siteMenu(button);
}
