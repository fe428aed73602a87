/**
 * Targets a thumb can hit: every control a user can tap on the page is at least 44 × 44 CSS px. A control's
 * target is the control with its labels (tapping the label of a checkbox ticks it). A link inside a sentence is
 * sized by the sentence's line, as WCAG 2.5.8 allows, and is not counted; a link after a mere label is.
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
    /**
     * A link in running text: an inline link whose block says more than the link itself, in words (three at
     * least). A label before a link ("Phone: +250 788…", "E-mail: info@…") is no sentence: such a link is a
     * target of its own, and a phone number above all is what people tap.
     */
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block) return false;
      let text = '';
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest('a, button')) text += ` ${node.textContent}`;
      return (text.match(/\p{L}{2,}/gu) ?? []).length >= 3;
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

/**
 * The targets of the phone menu, opened (a panel's slide-in menu, the site's popover): shut, they are out of reach
 * and not counted on the page. Closed again after.
 */
export async function menuTargets(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  if (!(await button.count()) || !(await button.isVisible())) return [];
  const before = new Set(await smallTargets(page));
  await button.click();
  const menu = page.locator('#panel-menu:not([inert]), #site-menu:popover-open');
  await menu.waitFor();
  // The sheet slides in: measured where it stops.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.waitForFunction(() => {
    const open = document.querySelector('#panel-menu:not([inert]), #site-menu:popover-open');
    return !!open && open.getBoundingClientRect().left >= 0 && open.getBoundingClientRect().right <= innerWidth + 1;
  });
  const small = (await smallTargets(page)).filter((target) => !before.has(target));
  await page.keyboard.press('Escape');
  return small;
}
