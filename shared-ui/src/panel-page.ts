/** The class names shared by the pages of the panel areas, so each area styles only what is its own. */
import panelPage from './panel-page.module.css';

export { panelPage };

/** The shared classes plus an area's own; a class both define gets both names. */
export function withPanelPage(own: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const merged: Record<string, string> = { ...panelPage };
  for (const [name, value] of Object.entries(own)) merged[name] = merged[name] ? `${merged[name]} ${value}` : value;
  return merged;
}
