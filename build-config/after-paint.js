// The page's scripts, after its first paint. The shell's index.html, and the server in the pages it
// renders, keep the entry script and the module preloads inside <template data-after-paint>: inert while the
// page is read and painted, so a phone's first bytes go to the HTML, its styles and its images (the server
// rendered the page: it needs no script to be seen). Once the first frame is painted they are put into the
// document, where they load and run as if they had been there from the start.
//
// They go in a few at a time, the entry script first: each one starts a fetch, a few milliseconds apiece on a
// low-tier phone, and the thirty-odd of a page put in at once were a long task that held the visitor's first taps.
const SLICE_MS = 8;
let started = false;
function start() {
  if (started) return;
  started = true;
  const waiting = [];
  for (const template of document.querySelectorAll('template[data-after-paint]')) {
    waiting.push(...document.importNode(template.content, true).children);
  }
  const next = () => {
    const until = performance.now() + SLICE_MS;
    while (waiting.length > 0 && performance.now() < until) document.head.append(waiting.shift());
    if (waiting.length > 0) setTimeout(next, 0);
  };
  next();
}
// After the next frame is painted: a callback before the paint, a task after it.
requestAnimationFrame(() => setTimeout(start, 0));
// A page opened in a background tab paints nothing until it is shown: start anyway.
setTimeout(start, 1000);
