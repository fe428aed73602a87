/**
 * A page's path: a page without parameters is its path; a page with one is a builder that fills and encodes it
 * (`paths.course(5)` → `/courses/5`) and keeps its pattern for route tables (`paths.course.pattern`).
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Value = string | number;
/** One value per parameter of the pattern, in its order (every page has at most one today). */
type Values<P extends string> = [ParamNames<P>] extends [never] ? [] : [Value];

export interface PageWithParams<P extends string> {
  (...values: Values<P>): string;
  readonly pattern: P;
}

export function withParams<P extends string>(pattern: P): PageWithParams<P> {
  const build = (...values: Value[]) => {
    let i = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[i++])));
  };
  return Object.assign(build, { pattern });
}
