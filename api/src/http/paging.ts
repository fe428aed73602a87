/**
 * Paged lists: the body stays the plain array of docs/product.md §7; `X-Total-Count` carries the number of matching rows
 * and `Link` the address of the next (and previous) page.
 */
import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Sets the paging headers of an answer holding `count` rows of `total`, from `page`. A total counted only up to
 * a cap (countUpTo) is said so: `X-Total-Count-Capped: true` (there are more than X-Total-Count).
 */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  count: number,
  total: number,
  capped = false,
): void {
  reply.header('X-Total-Count', String(total));
  if (capped) reply.header('X-Total-Count-Capped', 'true');
  const links: string[] = [];
  const at = (offset: number) => {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('offset', String(offset));
    return `${url.pathname}${url.search}`;
  };
  if (page.offset + count < total || (capped && count === page.limit))
    links.push(`<${at(page.offset + page.limit)}>; rel="next"`);
  if (page.offset > 0) links.push(`<${at(Math.max(0, page.offset - page.limit))}>; rel="prev"`);
  if (links.length > 0) reply.header('Link', links.join(', '));
}

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Any of `columns` contains `q` (case-insensitive); undefined (no condition) when there is no search text. */
export function searchAny(q: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * `q` as a full-text query: each of its words a prefix ("barist" finds "barista"), all of them required; null
 * when it has no word (then nothing matches). Words are letters and digits only, so nothing else reaches the
 * query's syntax.
 */
export function wordsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 16)
        .map((word) => `'${word}':*`)
        .join(' & ')
    : null;
}

/**
 * How many rows of `table` `where` picks, counted up to `cap`: a word most rows have is not worth counting row by
 * row for a number no one reads to the end ("more than 1,000" is an honest answer).
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [counted] = await db.select({ total: countAll }).from(matches);
  const total = counted?.total ?? 0;
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/** `count(*)` as a number. */
export const countAll = sql<number>`count(*)::int`;

/**
 * The distinct non-blank values of `column` among the rows `where` picks, sorted as people read them (a list's
 * filter options: every option finds at least one row).
 */
export async function distinctValues(db: Db, column: PgColumn, where: SQL | undefined): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: sql<string>`${column}` })
    .from(column.table)
    .where(and(where, isNotNull(column), sql`trim(${column}) <> ''`));
  return rows.map((row) => row.value).sort((a, b) => a.localeCompare(b));
}
