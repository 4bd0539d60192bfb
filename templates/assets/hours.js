// mapsite hours: on a place's page and in lists, the next time of a field shown as hours ("Next pickup: today
// 17:00") or whether the place is open now, worked out in the dataset's time zone. The page
// gives the week (Monday first) in data-hours: per day a list of [start] (a moment, such as a
// collection) or [start, end] (a span; an end at or before its start runs past midnight), in
// minutes after midnight; data-zone names the time zone (none: the visitor's own).
(function (root) {
  "use strict";
  var DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  var SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

  function clock(minutes) {
    var hours = Math.floor(minutes / 60) % 24;
    var rest = minutes % 60;
    return (hours < 10 ? "0" : "") + hours + ":" + (rest < 10 ? "0" : "") + rest;
  }

  // The weekday (0: Monday) and the minute of the day of `date` in `zone`.
  // One formatter per zone: a list page asks for a hundred places at once.
  var formats = {};
  function moment(date, zone) {
    var parts = {};
    var format = formats[zone || ""] || (formats[zone || ""] = new Intl.DateTimeFormat("en-US", {
      timeZone: zone || undefined, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23"
    }));
    format.formatToParts(date).forEach(function (part) { parts[part.type] = part.value; });
    return { day: SHORT.indexOf(parts.weekday), minute: (parseInt(parts.hour, 10) % 24) * 60 + parseInt(parts.minute, 10) };
  }

  function dayWord(offset, day) {
    return offset === 0 ? "today" : offset === 1 ? "tomorrow" : DAY_NAMES[day];
  }

  // What to say at `now` ({day, minute}) of `week`: the next moment when the week has moments
  // only, else whether a span is open now and until when, or when the next one opens.
  function describe(week, now) {
    var moments = week.every(function (times) { return times.every(function (t) { return t.length === 1; }); });
    if (moments) {
      for (var offset = 0; offset <= 7; offset++) {
        var day = (now.day + offset) % 7;
        var next = week[day].filter(function (t) { return offset > 0 || t[0] >= now.minute; })[0];
        if (next) return "Next pickup: " + dayWord(offset, day) + " " + clock(next[0]);
      }
      return "";
    }
    // Open now: a span of today that has begun and not ended, or one of yesterday that runs past midnight.
    var yesterday = (now.day + 6) % 7;
    var open = week[now.day].filter(function (t) {
      return t.length === 2 && t[0] <= now.minute && (t[1] > t[0] ? now.minute < t[1] : true);
    })[0] || week[yesterday].filter(function (t) {
      return t.length === 2 && t[1] <= t[0] && now.minute < t[1];
    })[0];
    if (open) return "Open now, until " + clock(open[1]);
    for (offset = 0; offset <= 7; offset++) {
      day = (now.day + offset) % 7;
      next = week[day].filter(function (t) { return offset > 0 || t[0] > now.minute; })[0];
      if (next) return "Closed now; opens " + dayWord(offset, day) + " " + clock(next[0]);
    }
    return "Closed";
  }

  var api = { describe: describe, moment: moment };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  if (typeof document === "undefined") return;
  root.mapsiteHours = api;
  document.querySelectorAll("[data-hours]").forEach(function (element) {
    try {
      var week = JSON.parse(element.getAttribute("data-hours"));
      var text = describe(week, moment(new Date(), element.getAttribute("data-zone")));
      // A list entry keeps its week as written (in its title, and as its text when there is no
      // next time); a place's page shows the line only when there is one.
      if (element.textContent && !element.title) element.title = element.textContent;
      if (text) element.textContent = text;
      element.hidden = !element.textContent;
    } catch (error) {
      element.hidden = !element.textContent;
    }
  });
})(this);
