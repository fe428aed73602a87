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
