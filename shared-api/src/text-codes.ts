/** Each text of `group` under its code (`<group>.<key>`), unless a text of an earlier group had it first. */
function addCodes(into: Map<unknown, string>, group: string, texts: Record<string, unknown>) {
  for (const [key, text] of Object.entries(texts)) if (!into.has(text)) into.set(text, `${group}.${key}`);
}

/**
 * Finds the code (`<group>.<key>`) of a catalogue entry by its value: a text without parameters, or a text
 * function itself (a docs/product.md §8 fallback passed to a call). Used on the server's whole catalogue in codes.ts. A text
 * defined twice keeps its first code.
 */
export function textCodes<Code extends string>(groups: Record<string, Record<string, unknown>>) {
  const byValue = new Map<unknown, string>();
  for (const [group, texts] of Object.entries(groups)) addCodes(byValue, group, texts);
  return (value: string | ((...args: never[]) => string)): Code | undefined => byValue.get(value) as Code | undefined;
}

/**
 * The browser's texts register their codes as their group is made (`withCodes('validation', {…})`), marked
 * pure: an area's build keeps only the groups its code uses, and so only their texts, instead of every group
 * for a lookup over all of them.
 */
const registered = new Map<unknown, string>();
export function withCodes<Group extends Record<string, unknown>>(group: string, texts: Group): Group {
  addCodes(registered, group, texts);
  return texts;
}

/** The code of a text (or text function) of a group made with `withCodes`, if one is. */
export const registeredCode = (value: unknown): string | undefined => registered.get(value);
