/**
 * English needs no catalogue: the source texts are in the code (`i18n._({ id, message })`), and
 * this compiles such a message when it is shown — in English, or for a text a catalogue lacks. It reads the
 * ICU subset our texts use: `{name}`, and `{n, plural|select|selectordinal, key {…} …}` with `#` (no quoting,
 * no offset), into Lingui's compiled form. So an English visitor downloads no catalogue and waits for none
 * before the first render, and Lingui's full message parser (3 KiB) stays out of the browser.
 */
type Token = string | [string] | [string, string] | [string, string, Record<string, Token[]>];

export function compileSourceMessage(message: string): string | Token[] {
  let at = 0;
  const readUntil = (stop: RegExp) => {
    const start = at;
    while (at < message.length && !stop.test(message[at]!)) at += 1;
    return message.slice(start, at).trim();
  };
  function parse(inPlural: boolean): Token[] {
    const tokens: Token[] = [];
    let text = '';
    const flush = () => {
      if (text) tokens.push(text);
      text = '';
    };
    while (at < message.length && message[at] !== '}') {
      const char = message[at]!;
      if (char === '{') {
        flush();
        at += 1;
        const name = readUntil(/[,}]/);
        if (message[at] === '}') {
          at += 1;
          tokens.push([name]);
          continue;
        }
        at += 1;
        const type = readUntil(/[,}]/);
        if (message[at] === '}') {
          at += 1;
          tokens.push([name, type]);
          continue;
        }
        at += 1;
        const cases: Record<string, Token[]> = {};
        for (;;) {
          readUntil(/\S/);
          if (at >= message.length || message[at] === '}') break;
          // '=0' is Lingui's key 0 (an exact value).
          const key = readUntil(/[\s{]/).replace(/^=/, '');
          readUntil(/\{/);
          at += 1;
          cases[key] = parse(type !== 'select');
          at += 1;
        }
        at += 1;
        tokens.push([name, type, cases]);
      } else if (char === '#' && inPlural) {
        flush();
        tokens.push('#');
        at += 1;
      } else {
        text += char;
        at += 1;
      }
    }
    flush();
    return tokens;
  }
  const tokens = parse(false);
  return tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens;
}
