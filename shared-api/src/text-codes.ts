/**
 * Finds the code of a text without parameters in a catalogue of groups (`<group>.<key>`): the server's whole
 * catalogue in codes.ts, the browser's part of it in client.ts. A text defined twice keeps its first code.
 */
export function textCodes<Code extends string>(groups: Record<string, Record<string, unknown>>) {
  const byText = new Map<string, Code>();
  for (const [group, texts] of Object.entries(groups))
    for (const [key, text] of Object.entries(texts))
      if (typeof text === 'string' && !byText.has(text)) byText.set(text, `${group}.${key}` as Code);
  return (text: string): Code | undefined => byText.get(text);
}
