/**
 * Finds the code (`<group>.<key>`) of a catalogue entry by its value: a text without parameters, or a text
 * function itself (a §8 fallback passed to a call). Used on the server's whole catalogue in codes.ts and on the
 * browser's part of it in client.ts. A text defined twice keeps its first code.
 */
export function textCodes<Code extends string>(groups: Record<string, Record<string, unknown>>) {
  const byValue = new Map<unknown, Code>();
  for (const [group, texts] of Object.entries(groups))
    for (const [key, text] of Object.entries(texts))
      if (!byValue.has(text)) byValue.set(text, `${group}.${key}` as Code);
  return (value: string | ((...args: never[]) => string)): Code | undefined => byValue.get(value);
}

/**
 * The browser's texts register their codes as their group is made (`coded('validation', {…})`), marked pure: an
 * area's build keeps only the groups its code uses, and so only their texts, instead of every group for a
 * lookup over all of them.
 */
const registered = new Map<unknown, string>();
export function coded<Group extends Record<string, unknown>>(group: string, texts: Group): Group {
  for (const [key, text] of Object.entries(texts)) if (!registered.has(text)) registered.set(text, `${group}.${key}`);
  return texts;
}

/** The code of a text (or text function) of a group made here, if one is. */
export const registeredCode = (value: unknown): string | undefined => registered.get(value);
