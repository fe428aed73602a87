/**
 * An upload's files on this machine's disk until the whole release is checked: a refused release never reaches the
 * database, where PGlite would keep the space of its deleted rows (it never vacuums by itself). Each upload has a
 * folder of its own under the operating system's temporary folder (TMPDIR), private to this user (0700, its files
 * 0600, made by mkdtemp so no one can lay it out beforehand), named by this process so that a sweep tells a folder
 * left by a process that is gone from one another instance is writing. A file is named by its place in the upload,
 * never by its path in the release (a team's input).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive } from '../db/client';
import { SizePassed } from './file-storage';

const PREFIX = 'btls-staged-';
/** This process's own, apart from an earlier process's with the same id (a restarted container's). */
const RUN = randomBytes(4).toString('hex');

/** One file of an upload, whole on disk: where, and its Subresource Integrity hash and size as written. */
export interface StagedFile {
  file: string;
  integrity: string;
  size: number;
}

/** A new staging folder for one upload; `remove` deletes it with its files (every upload ends with it). */
export async function stageUpload() {
  const folder = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-${RUN}-`));
  const files = new Map<string, StagedFile>();
  let written = 0;
  return {
    /** The files written whole so far, by their path in the release. */
    files: files as ReadonlyMap<string, StagedFile>,

    /**
     * Writes one file as its bytes arrive, at most `max` of them (past that, SizePassed and the source is left);
     * answers its hash and size.
     */
    async write(
      path: string,
      source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
      max: number,
    ): Promise<StagedFile> {
      const file = join(folder, String(written++));
      const handle = await open(file, 'wx', 0o600);
      const hash = createHash('sha384');
      let size = 0;
      try {
        for await (const piece of source) {
          size += piece.length;
          if (size > max) throw new SizePassed(`${path} is larger than ${max} bytes`);
          await handle.write(piece);
          hash.update(piece);
        }
      } finally {
        await handle.close();
      }
      const staged = { file, integrity: `sha384-${hash.digest('base64')}`, size };
      files.set(path, staged);
      return staged;
    },

    async remove() {
      await rm(folder, { recursive: true, force: true });
    },
  };
}
export type Staging = Awaited<ReturnType<typeof stageUpload>>;

/** A staged file's bytes, a chunk of `bytes` at a time (what stores it reads no more at once). */
export const readStaged = (staged: StagedFile, bytes: number): AsyncIterable<Uint8Array> =>
  createReadStream(staged.file, { highWaterMark: bytes });

/**
 * Deletes the staging folders left behind: of a process that is gone, of an earlier process with this one's id (a
 * restarted container), or older than `ms` (a process id taken again). This process's own folders go with their
 * uploads; another live instance's stay.
 */
export async function sweepStaging(ms: number): Promise<void> {
  const root = tmpdir();
  for (const name of await readdir(root)) {
    const [, pid, run] = new RegExp(`^${PREFIX}(\\d+)-([0-9a-f]+)-`).exec(name) ?? [];
    if (!pid || run === RUN) continue;
    const folder = join(root, name);
    const stat = await lstat(folder).catch(() => undefined);
    // Only a folder of this user's (not a link, not someone else's of that name).
    if (!stat?.isDirectory() || stat.uid !== process.getuid?.()) continue;
    if (Number(pid) === process.pid || !isAlive(Number(pid)) || Date.now() - stat.mtimeMs > ms)
      await rm(folder, { recursive: true, force: true });
  }
}
