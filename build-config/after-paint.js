// The page's scripts, after its first paint, and on a visitor's public page only once they are needed.
//
// The shell's index.html, and the server in the pages it renders, keep the entry script and the module preloads
// inside <template data-after-paint>: inert while the page is read and painted. This loader puts them into the
// document, where they load and run as if they had been there from the start:
// - at once after the first paint, where the page needs its script to be a page at all: a page the browser
//   renders (its root came empty), a signed-in user's (a session on the device, or the `btlsWho` cookie
//   beside one: their areas run there), a tester's on a release trial;
// - on a visitor's server-rendered page, only when the visitor first uses something only a script can do: a
//   field focused (a form being filled in), a button pressed, a select changed. Until then the page is its HTML:
//   links are page loads, the menu and the filters open without script (popover, <details>), and a low-tier
//   phone spends neither its data nor a second of its main thread on code the visit may never need.
// A button pressed before the page's script has taken the page over is pressed again once it has (the shell
// says so with `btls:awake`), and a select's choice or a file chosen is told again, so no tap is lost; what is
// typed meanwhile stays in its field, and the forms take it over as they come to life.
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

const root = document.getElementById('root');
const rendered = !!root && root.firstElementChild !== null;
/** A session on this device (the kernel's `btlsToken`), or its hint the server reads (`btlsWho`). */
const signedIn = (() => {
  try {
    if (localStorage.getItem('btlsToken')) return true;
  } catch {
    // A browser that refuses site data holds no session.
  }
  return /(?:^|;\s*)btlsWho=/.test(document.cookie);
})();

/** A tester trying a candidate release (its link, or the shared-api's `btlsReleases` cookie it leaves): the trial's
 * bar and the candidate's code are what the tester came to see. */
const trying = /(?:^|;\s*)btlsReleases=/.test(document.cookie) || new URLSearchParams(location.search).has('release');

/** A page that says it needs its script at once (`data-wake-now` on any element: a check that runs as the page
 * opens, a token to take out of the address): the public team marks it in its page, released with it. */
const needed = document.querySelector('[data-wake-now]') !== null;

if (!rendered || signedIn || trying || needed) {
  // After the next frame is painted: a callback before the paint, a task after it.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A page opened in a background tab paints nothing until it is shown: start anyway.
  setTimeout(start, 1000);
} else {
  let awake = false;
  /** What was pressed or chosen before the page's script took the page over, done again once it has (the last
   * choice of a select wins, as it is told last). */
  const again = [];
  const isField = (element) =>
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable);
  /** A button only the page's script answers: not the menu's (a popover), nor a GET form's submit (a page load). */
  const scriptButton = (target) => {
    const button = target instanceof Element ? target.closest('button') : null;
    if (!button || button.disabled || button.hasAttribute('popovertarget')) return null;
    if (button.type === 'submit' && button.form && button.form.method === 'get') return null;
    return button;
  };
  const wake = () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    start();
  };
  const listeners = [
    [
      'focusin',
      (event) => {
        if (isField(event.target)) wake();
      },
    ],
    [
      'pointerdown',
      (event) => {
        if (scriptButton(event.target)) wake();
      },
    ],
    [
      'keydown',
      (event) => {
        if ((event.key === 'Enter' || event.key === ' ') && scriptButton(event.target)) wake();
      },
    ],
    // Asked for by something of the page's own (a test, an extension of ours): the same as a first use.
    ['btls:wake', () => wake()],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  // Pressed before the take-over: nothing would answer it (React is not listening yet). Held, and pressed again.
  document.addEventListener(
    'click',
    (event) => {
      if (awake) return;
      const button = scriptButton(event.target);
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      if (!again.some((held) => held.element === button)) again.push({ element: button, type: 'click' });
      wake();
    },
    true,
  );
  document.addEventListener(
    'change',
    (event) => {
      const target = event.target;
      const file = target instanceof HTMLInputElement && target.type === 'file';
      if (awake || !(target instanceof HTMLSelectElement || file)) return;
      // A file chosen stays in its control (its value cannot be set again, nor needs to be).
      again.push({ element: target, type: 'change', value: file ? undefined : target.value });
      // Chosen without a focus first (a script, an assistive technology): a first use all the same.
      wake();
    },
    true,
  );
  document.addEventListener(
    'btls:awake',
    () => {
      awake = true;
      // After the take-over's commit has been painted, so the handlers are in place.
      requestAnimationFrame(() =>
        setTimeout(() => {
          for (const { element, type, value } of again.splice(0)) {
            if (!element.isConnected) continue;
            if (type === 'click') element.click();
            else {
              // Taken over, the select shows its state's choice again: the visitor's is put back, then told.
              if (value !== undefined) element.value = value;
              element.dispatchEvent(new Event('change', { bubbles: true }));
            }
          }
        }, 0),
      );
    },
    { once: true },
  );
  // The service worker keeps what a visitor reads for offline use; where the page's script never wakes, this
  // registers it, once the page has loaded and settled, never under the data saver (the shell does it where it
  // wakes).
  const register = () => {
    if (started || !('serviceWorker' in navigator) || !navigator.onLine || navigator.connection?.saveData) return;
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  const registerLater = () =>
    setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(register) : register()), 5000);
  if (document.readyState === 'complete') registerLater();
  else addEventListener('load', registerLater, { once: true });
  // Installed on the home screen, the visitor will come back: the worker then keeps the app's code
  // (shared-api's SW_MESSAGES.keepApp), as the shell tells it where the page woke.
  const keepApp = () =>
    navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ type: 'KEEP_APP' }));
  addEventListener('appinstalled', keepApp);
  if (matchMedia('(display-mode: standalone)').matches) void keepApp();
}
