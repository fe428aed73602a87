/**
 * The page's language at start and its link with the session. The runtime itself is
 * `@btls/shared-api`'s (one for the page); this file decides which language a page starts in and keeps the
 * profile and the device in step.
 */
import {
  addCatalogue,
  currentLanguage,
  initialLanguage,
  isLanguage,
  languageChosenThisVisit,
  onLanguageChosen,
  saveMyLanguage,
  setLanguage,
  storedLanguage,
  type Language,
} from '@btls/shared-api';
import { useSessionStore } from '@btls/shared-auth';
import { catalogueLoader } from '@btls/shared-ui/i18n';

/** The shell's texts, with the shared texts it was built with (shared-ui's, shared-api's and shared-auth's). */
export const loadShellMessages = catalogueLoader(import.meta.glob('./locales/*.po'));

/**
 * Activates the page's first language with the shell's catalogue. A server-rendered page is hydrated in the
 * language the server rendered it in (`<html lang>`); a page the browser renders takes the device's choice,
 * else the browser's languages.
 */
export async function startLanguage(serverRendered: boolean): Promise<void> {
  await addCatalogue('shell', loadShellMessages);
  const rendered = document.documentElement.lang;
  await setLanguage(serverRendered && isLanguage(rendered) ? rendered : initialLanguage());
}

/** After hydration: a device whose choice the server did not see (cookie lost) switches to it. */
export function followDeviceChoice() {
  const stored = storedLanguage();
  if (stored && stored !== currentLanguage()) void setLanguage(stored, { remember: true });
}

function profileLanguage(user: unknown): Language | null {
  const language = (user as { language?: unknown } | null)?.language;
  return isLanguage(language) ? language : null;
}

function save(language: Language) {
  const { user } = useSessionStore.getState();
  if (user && profileLanguage(user) !== language) {
    saveMyLanguage(language)
      .then(() => useSessionStore.getState().updateUser({ language }))
      .catch((error: unknown) => console.warn('Could not save the language on the profile:', error));
  }
}

/**
 * A switch made signed in is saved to the profile. At sign-in, a language chosen on this device wins and is
 * saved to the profile; on a device that never chose one, the profile's language applies.
 */
export function connectLanguageToSession() {
  onLanguageChosen(save);
  useSessionStore.subscribe((now, before) => {
    // A sign-in, not the start-up restoring a session (status 'loading' before).
    if (!now.user || before.status !== 'signedOut') return;
    const fromProfile = profileLanguage(now.user);
    // The device's choice wins over the profile's (a profile says 'en' until its user picks one), and is saved
    // to the profile so that e-mails come in it; on a device that never chose, the profile's language applies.
    if (languageChosenThisVisit() || storedLanguage()) save(currentLanguage());
    else if (fromProfile && fromProfile !== currentLanguage()) {
      void setLanguage(fromProfile, { remember: true });
    }
  });
}
