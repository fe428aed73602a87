/**
 * The stable codes of the catalogue's texts: `<group>.<key>` of messages.ts, e.g.
 * `validation.passwordTooShort`. Every error answer is `{ message, code, params? }`: the English message
 * stays the product's text, the client translates by code (and fills in `params`, the object a text with
 * parameters was made from).
 */
import { messageCatalogue } from './messages';
import { textCodes } from './text-codes';

type Catalogue = typeof messageCatalogue;
type Group = keyof Catalogue;

/** Every code of the catalogue. */
export type MessageCode = { [G in Group]: `${G}.${Extract<keyof Catalogue[G], string>}` }[Group];

/** Parameters of a text, as an answer carries them. */
export type MessageParams = Record<string, string | number>;

/** An error (or notice) as the server answers it. */
export interface CodedMessage {
  message: string;
  code: MessageCode;
  params?: MessageParams;
}

type EntryOf<C> = C extends `${infer G extends Group}.${infer K}`
  ? K extends keyof Catalogue[G]
    ? Catalogue[G][K]
    : never
  : never;

/** The codes of texts without parameters. */
export type TextCode = { [C in MessageCode]: EntryOf<C> extends string ? C : never }[MessageCode];

/**
 * A text of the catalogue without parameters, as a literal type: no other string is one. (A text built from
 * parts is a plain string to TypeScript and not among them: name it by its code, `coded('user.hasHistory')`.)
 */
export type CatalogueText = { [C in TextCode]: string extends EntryOf<C> ? never : EntryOf<C> }[TextCode];

/** The codes of texts made from one object of parameters. */
export type ParamCode = {
  [C in MessageCode]: EntryOf<C> extends (params: infer P) => string ? (P extends MessageParams ? C : never) : never;
}[MessageCode];
export type ParamsOf<C extends ParamCode> = EntryOf<C> extends (params: infer P) => string ? P : never;

const entries = Object.entries(messageCatalogue).flatMap(([group, texts]) =>
  Object.entries(texts).map(([key, text]) => [`${group}.${key}` as MessageCode, text as unknown] as const),
);

/** Every code, in the catalogue's order. */
export const MESSAGE_CODES = entries.map(([code]) => code) as [MessageCode, ...MessageCode[]];

/** The code of a text without parameters; undefined for any other text. */
export const codeOf = textCodes<MessageCode>(messageCatalogue);

/** A text without parameters, by its code. */
export function coded(code: TextCode): CodedMessage {
  const [group, key] = code.split('.') as [Group, string];
  return { message: (messageCatalogue[group] as Record<string, string>)[key]!, code };
}

/** A text of the catalogue with its code. */
export function codedText(text: CatalogueText): CodedMessage {
  return { message: text, code: codeOf(text)! };
}

/** A text with parameters: its English words, its code and the parameters. */
export function codedWith<C extends ParamCode>(code: C, params: ParamsOf<C>): CodedMessage {
  const [group, key] = code.split('.') as [Group, string];
  const make = (messageCatalogue[group] as Record<string, unknown>)[key] as (p: ParamsOf<C>) => string;
  return { message: make(params), code, params: { ...(params as MessageParams) } };
}
