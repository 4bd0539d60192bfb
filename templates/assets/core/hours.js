// Hours: the next time of a field shown as hours ("Next pickup: today 17:00") or whether a place
// is open now, in the dataset's time zone. The build parses the hours (WeeklyHours.swift) and
// gives the week, Monday first: per day a list of [start] (a moment, such as a collection) or
// [start, end] (a span; an end at or before its start runs past midnight), in minutes after
// midnight. Here the week is only evaluated.

export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

// Minutes after midnight as "HH:MM" (a span's end at 24:00 reads "00:00").
export function clock(minutes) {
  const hours = Math.floor(minutes / 60) % 24;
  const rest = minutes % 60;
  return (hours < 10 ? "0" : "") + hours + ":" + (rest < 10 ? "0" : "") + rest;
}

// One formatter per zone: a list page asks for a hundred places at once.
const formats = {};

// The weekday (0: Monday) and the minute of the day of `date` in `zone` (none: the local zone).
export function moment(date, zone) {
  const key = zone || "";
  if (!formats[key]) {
    formats[key] = new Intl.DateTimeFormat("en-US", {
      timeZone: zone || undefined, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    });
  }
  const parts = {};
  formats[key].formatToParts(date).forEach((part) => { parts[part.type] = part.value; });
  return { day: SHORT.indexOf(parts.weekday), minute: (parseInt(parts.hour, 10) % 24) * 60 + parseInt(parts.minute, 10) };
}

function dayWord(offset, day) {
  return offset === 0 ? "today" : offset === 1 ? "tomorrow" : DAY_NAMES[day];
}

// The first time of the week from `now` on that `after(time, minute)` lets through today
// (any time on later days): [days ahead, weekday, time], or null.
function firstFrom(week, now, after) {
  for (let offset = 0; offset <= 7; offset++) {
    const day = (now.day + offset) % 7;
    const next = week[day].filter((t) => offset > 0 || after(t, now.minute))[0];
    if (next) return [offset, day, next];
  }
  return null;
}

// The span open at `now`: one of today that has begun and not ended, or one of yesterday that
// runs past midnight.
function openSpan(week, now) {
  const yesterday = (now.day + 6) % 7;
  return week[now.day].filter((t) => t.length === 2 && t[0] <= now.minute && (t[1] > t[0] ? now.minute < t[1] : true))[0]
    || week[yesterday].filter((t) => t.length === 2 && t[1] <= t[0] && now.minute < t[1])[0];
}

// What to say at `now` ({day, minute}) of `week`: the next moment when the week has moments
// only ("" when it has none), else whether a span is open now and until when, or when the next
// one opens.
export function describe(week, now) {
  if (week.every((times) => times.every((t) => t.length === 1))) {
    const next = firstFrom(week, now, (t, minute) => t[0] >= minute);
    return next ? "Next pickup: " + dayWord(next[0], next[1]) + " " + clock(next[2][0]) : "";
  }
  const open = openSpan(week, now);
  if (open) return "Open now, until " + clock(open[1]);
  const next = firstFrom(week, now, (t, minute) => t[0] > minute);
  return next ? "Closed now; opens " + dayWord(next[0], next[1]) + " " + clock(next[2][0]) : "Closed";
}

// describe at the instant `date` in `zone`.
export function describeAt(week, date, zone) {
  return describe(week, moment(date, zone));
}
