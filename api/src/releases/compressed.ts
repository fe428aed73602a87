/**
 * Releases' text files compressed for the wire once, when the release is stored, never while a request waits: a
 * stranger asking for a large file compressed would otherwise hold the threads of Node's pool (which every
 * asynchronous compression, file read and crypto call of the API queues on) for as long as the compression takes.
 * The quality is bounded by the file's size, and past a size nothing is compressed (the file goes as it is).
 * Copies are made one file at a time, in turn, so a release being stored takes one of the pool's threads at most.
 * This server's own builds come with their copies made at build time (scripts/precompress.mjs): those are taken,
 * once checked against the files. Releases stored before copies existed get theirs in the background at start.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { and, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { isForeignKeyViolation, type Db } from '../db/client';
import { releaseFileEncodings, releaseFiles } from '../db/schema';
import type { Encoding } from '../http/encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/** The release files sent as text (scripts, styles, JSON, source maps, SVG): the ones compression shrinks. */
const TEXT = /\.(js|mjs|css|json|map|svg)$/i;
/** Below this, compressing saves less than a packet. */
const MIN_BYTES = 1024;
/** Up to this, the best (and slowest) quality: about a second a megabyte, a few tenths of a second at most. */
const BEST_UP_TO = 256 * 1024;
/** Past this, a file is sent as it is: not worth seconds of a thread for each of a release's files. */
export const MAX_COMPRESSED_BYTES = 8 * 1024 * 1024;

/** Whether a file of this path and size gets compressed copies. */
export const compressible = (path: string, size: number) =>
  TEXT.test(path) && size > MIN_BYTES && size <= MAX_COMPRESSED_BYTES;

/** A file's copies, at a quality its size allows (a lower one past BEST_UP_TO: tens of megabytes a second). */
async function compress(bytes: Uint8Array): Promise<Record<Encoding, Uint8Array>> {
  const best = bytes.length <= BEST_UP_TO;
  const br = await brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return { br, gzip: await gzip(bytes, { level: best ? 9 : 6 }) };
}

/** The copies a build made beside a file, when both give back the file's bytes; else undefined. */
async function builtCopies(dist: string, path: string, bytes: Uint8Array) {
  try {
    const [br, gz] = await Promise.all([readFile(join(dist, `${path}.br`)), readFile(join(dist, `${path}.gz`))]);
    const same = async (copy: Buffer, expand: (copy: Buffer) => Promise<Buffer>) =>
      Buffer.from(bytes).equals(await expand(copy));
    return (await same(br, unbrotli)) && (await same(gz, gunzip)) ? { br, gzip: gz } : undefined;
  } catch {
    return undefined;
  }
}

export function createCompressedCopies(
  db: Db,
  read: (area: string, version: string, path: string) => Promise<Uint8Array | undefined>,
) {
  // One file at a time, whoever asks: the work of one release waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The files (of one release, or of all) that should have copies and have none. */
  async function missing(which?: { area: string; version: string }) {
    const release: SQL | undefined = which
      ? and(eq(releaseFiles.area, which.area), eq(releaseFiles.version, which.version))
      : undefined;
    const rows = await db
      .select({
        area: releaseFiles.area,
        version: releaseFiles.version,
        path: releaseFiles.path,
        size: releaseFiles.size,
      })
      .from(releaseFiles)
      .where(
        and(
          release,
          sql`${releaseFiles.size} > ${MIN_BYTES} and ${releaseFiles.size} <= ${MAX_COMPRESSED_BYTES}`,
          notExists(
            db
              .select({ one: sql`1` })
              .from(releaseFileEncodings)
              .where(
                and(
                  eq(releaseFileEncodings.area, releaseFiles.area),
                  eq(releaseFileEncodings.version, releaseFiles.version),
                  eq(releaseFileEncodings.path, releaseFiles.path),
                ),
              ),
          ),
        ),
      );
    return rows.filter((row) => compressible(row.path, row.size));
  }

  /**
   * Makes (or takes from `dist`) and stores the copies of every file that lacks them, each file a turn of its
   * own: a release just uploaded waits for one file of a long backlog, not for all of it.
   */
  async function fill(which?: { area: string; version: string }, dist?: string) {
    for (const file of await missing(which)) await inTurn(() => fillOne(file, dist));
  }

  async function fillOne(file: { area: string; version: string; path: string }, dist?: string) {
    const bytes = await read(file.area, file.version, file.path);
    if (!bytes) return;
    const copies = (dist && (await builtCopies(dist, file.path, bytes))) || (await compress(bytes));
    await db
      .insert(releaseFileEncodings)
      .values(
        (Object.keys(copies) as Encoding[]).map((encoding) => ({
          area: file.area,
          version: file.version,
          path: file.path,
          encoding,
          bytes: new Uint8Array(copies[encoding]),
        })),
      )
      // Another instance made them meanwhile.
      .onConflictDoNothing()
      .catch((error: unknown) => {
        // The release was deleted meanwhile (its files are gone).
        if (!isForeignKeyViolation(error)) throw error;
      });
  }

  return {
    /** Compresses a release's files that lack copies (a release just stored; `dist`: a build's own copies). */
    release: (area: string, version: string, dist?: string) => fill({ area, version }, dist),

    /** Compresses every stored file that lacks copies (releases stored before there were copies). */
    all: () => fill(),

    /** A file's stored copy in `encoding`, or undefined (none made: it is sent as it is). */
    async copy(area: string, version: string, path: string, encoding: Encoding): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ bytes: releaseFileEncodings.bytes })
        .from(releaseFileEncodings)
        .where(
          and(
            eq(releaseFileEncodings.area, area),
            eq(releaseFileEncodings.version, version),
            eq(releaseFileEncodings.path, path),
            eq(releaseFileEncodings.encoding, encoding),
          ),
        )
        .limit(1);
      return row?.bytes;
    },
  };
}

export type CompressedCopies = ReturnType<typeof createCompressedCopies>;
