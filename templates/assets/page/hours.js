// On a place's page and in lists: each element with data-hours (the week, as core/hours.js reads
// it) and data-zone (the dataset's time zone; none: the visitor's own) says the next time or
// whether the place is open now. A list entry keeps its week as written (in its title, and as
// its text when there is no next time); a place's page shows the line only when there is one.
import { describeAt } from "../core/hours.js";

export function fillHours(element, date) {
  try {
    const text = describeAt(JSON.parse(element.getAttribute("data-hours")), date, element.getAttribute("data-zone"));
    if (element.textContent && !element.title) element.title = element.textContent;
    if (text) element.textContent = text;
    element.hidden = !element.textContent;
  } catch (error) {
    element.hidden = !element.textContent;
  }
}

const now = new Date();
document.querySelectorAll("[data-hours]").forEach((element) => fillHours(element, now));
