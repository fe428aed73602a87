/**
 * The app offers installation where the browser allows it (Chromium's `beforeinstallprompt`), once, and not to
 * someone who has just arrived: on a returning visit (a later browser session), or after a sign-in. The
 * browser's own prompt is held back for ours; once the visitor has installed or said "Not now", the offer never
 * comes back on this device (the browser's menu still installs). The offer's bar is its own chunk, loaded only
 * when a browser makes the offer (app.tsx).
 */
export const INSTALL_OFFER_KEY = 'btlsInstallOffer';
/** How many visits this device has made (a visit: a browser session of a tab), and whether this one counted. */
const VISITS_KEY = 'btlsVisits';
const VISIT_COUNTED_KEY = 'btlsVisitCounted';

/** This visit's number on this device, counting it once per browser session. */
function visitNumber(): number {
  try {
    let visits = Number(localStorage.getItem(VISITS_KEY)) || 0;
    if (!sessionStorage.getItem(VISIT_COUNTED_KEY)) {
      sessionStorage.setItem(VISIT_COUNTED_KEY, '1');
      localStorage.setItem(VISITS_KEY, String(++visits));
    }
    return visits;
  } catch {
    return 1; // no storage: a first visit, every time
  }
}

/** Whether an offer would mean something to this visitor yet: they came back, or signed in. */
let worthOffering = false;

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

const answered = () => {
  try {
    return localStorage.getItem(INSTALL_OFFER_KEY) !== null;
  } catch {
    return true; // no storage: better never to offer than to offer on every visit
  }
};
const remember = (answer: 'installed' | 'declined') => {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, answer);
  } catch {
    /* the offer just goes for this page */
  }
  offered = null;
  changed();
};

export function listenForInstallOffer(): void {
  // (A sign-in before this, a session restored at start, already made it worth offering.)
  worthOffering = visitNumber() >= 2 || worthOffering;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (answered()) return;
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => remember('installed'));
}

export const installOffer = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether there is an offer to show now. */
  current: () => offered !== null && worthOffering,
  /** The visitor signed in: an app on the home screen is worth offering now. */
  signedIn() {
    if (worthOffering) return;
    worthOffering = true;
    changed();
  },
  async accept() {
    const event = offered;
    if (!event) return;
    // The browser's prompt may be shown once: a second tap finds no offer.
    offered = null;
    changed();
    try {
      await event.prompt();
      const { outcome } = await event.userChoice;
      remember(outcome === 'accepted' ? 'installed' : 'declined');
    } catch {
      remember('declined'); // the browser would not show it: the menu still installs
    }
  },
  decline: () => remember('declined'),
};
