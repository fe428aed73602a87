/**
 * Targets a thumb can hit: every control a user can tap on the page is at least 44 × 44 CSS px. A control's
 * target is the control with its labels (tapping the label of a checkbox ticks it). A link inside a sentence is
 * sized by the sentence's line, as WCAG 2.5.8 allows, and is not counted.
 */
import type { Page } from 'playwright-core';

export const TAP_TARGET = 44;

/** The page's controls smaller than 44 × 44 px, each as `tag "name" width×height`. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[tabindex="0"]',
    ].join(',');
    const shown = (element: Element) => {
      if (element.closest('[hidden], [inert], [aria-hidden=true], .visually-hidden')) return false;
      const closedDetails = element.closest('details:not([open])');
      if (closedDetails && !element.closest('summary')) return false;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const rect = element.getBoundingClientRect();
      // Kept off the screen until focused (the skip link), or clipped to nothing.
      return rect.width > 1 && rect.height > 1 && rect.right > 0 && rect.bottom + window.scrollY > 0;
    };
    /** A link in running text: an inline link whose block says more than the link itself. */
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = element.textContent?.trim().length ?? 0;
      return (block?.textContent?.trim().length ?? 0) > own + 1;
    };
    const area = (element: Element) => {
      const rects = [element.getBoundingClientRect()];
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
        for (const label of Array.from(element.labels ?? []))
          if (shown(label)) rects.push(label.getBoundingClientRect());
      }
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const top = Math.min(...rects.map((r) => r.top));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return { width: right - left, height: bottom - top };
    };
    const nameOf = (element: Element) =>
      (
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
        element.textContent ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (!shown(element) || inSentence(element)) continue;
      // A control inside another target (a link in a stretched card's title) is counted as that target.
      if (element.parentElement?.closest(selector)) continue;
      const { width, height } = area(element);
      if (width + 0.5 < least || height + 0.5 < least)
        small.push(`${element.tagName.toLowerCase()} "${nameOf(element)}" ${Math.round(width)}×${Math.round(height)}`);
    }
    return small;
  }, TAP_TARGET);
}
