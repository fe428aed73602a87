/** A release's manifest as uploaded, the upload of a release (streamed, file by file), and prunes. */
import type { ReleaseManifest } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { answers, checkedInHandler, jsonDocument, type Api } from '../../http/contract';
import { badRequest, notFound } from '../../http/errors';
import { MAX_RELEASE_FILE_BYTES, MAX_RELEASE_FILES, parseManifest } from '../manifest';
import { wasServed } from '../candidates';
import { MIN_KEPT_RELEASES, type ReleaseUpload } from '../store';
import { createUploadTurns } from '../store/uploads';
import { areaParams, areaSchema, notice, type ReleaseRouteContext } from './common';

export function releaseUploadRoutes(
  app: Api,
  { store, audit, uploads, anyReleaser, areaReleaser }: ReleaseRouteContext,
) {
  const turns = createUploadTurns(store.db);
  app.get(
    '/releases/:area/:version/manifest',
    {
      preValidation: anyReleaser.hook,
      schema: {
        summary:
          "A release's manifest as it was uploaded: its pages, files, and what it was built against and calls, with the shapes of each call's request and answer (what `npm run check-releases` compares an API build with).",
        params: areaParams.extend({ version: z.string().max(100) }),
        response: answers({ 200: jsonDocument }, [404]),
      },
    },
    async (request) => {
      const { area, version } = request.params;
      // Another area's token reads the manifests of versions browsers were given, not that area's candidates.
      const { area: tokenArea } = anyReleaser.who(request);
      if (tokenArea && tokenArea !== area && !(await wasServed(store.db, area, version)))
        throw notFound(codedWith('release.notFound', { area, version }));
      return (await store.manifest(area, version)) as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/releases/:area',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          'Upload a release: a multipart form whose first part, manifest, is its release.json, then one file part per file of the manifest, named by its path (none when its files live on a CDN: manifest.base). Each file waits on disk, checked as it arrives, and the release is stored once it is checked whole. An area uploads one release at a time (409 while another runs; 503 while the server takes as many as it does at once), keeps so many releases and bytes (its oldest go first to make room, never the active one, one rolling out or the newest five: else 413) and uploads so many an hour (429).',
        params: areaParams,
        body: checkedInHandler(
          z.object({ manifest: z.string() }).catchall(z.string().meta({ format: 'binary' })),
          'A multipart form: the manifest, then the files; each is checked against the manifest as it arrives.',
          { files: {}, json: false },
        ),
        response: answers(
          {
            201: z.object({ ...notice, area: areaSchema, version: z.string(), created: z.boolean() }),
            200: z.object({ ...notice, area: areaSchema, version: z.string(), created: z.boolean() }),
          },
          [409, 413, 429],
        ),
      },
    },
    async (request, reply) => {
      const area = request.params.area as RemoteArea;
      if (!request.isMultipart()) throw badRequest(texts.release.manifestMissing);
      const { by } = areaReleaser.who(request);
      let upload: ReleaseUpload | undefined;
      let manifest: ReleaseManifest | undefined;
      let endTurn: (() => Promise<void>) | undefined;
      try {
        for await (const part of request.parts({
          limits: {
            fileSize: MAX_RELEASE_FILE_BYTES,
            files: MAX_RELEASE_FILES,
            parts: MAX_RELEASE_FILES + 1,
            fieldSize: 1024 * 1024,
          },
        })) {
          if (!manifest) {
            if (part.fieldname !== 'manifest') throw badRequest(texts.release.manifestMissing);
            const text = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
            const parsed = parseManifest(text);
            if ('problem' in parsed)
              throw badRequest(codedWith('release.manifestInvalid', { problem: parsed.problem }));
            if (parsed.manifest.area !== area)
              throw badRequest(codedWith('release.areaMismatch', { manifestArea: parsed.manifest.area, area }));
            manifest = parsed.manifest;
            await store.refuseTakenPages(manifest);
            upload = await store.startUpload(manifest, by);
            if (!upload.known) {
              // The area's turn first, so an upload refused for another one under way costs none of the hour's.
              endTurn = await turns.take(area);
              // Counted once the manifest is read: a team uploads so many releases an hour (the same again is free;
              // a refused one counts: it cost the server its bytes' reading, though nothing of it is kept).
              await uploads.enforce(area);
            }
            continue;
          }
          if (part.type !== 'file') continue;
          // Each file written to disk as it arrives: a release is never held in memory.
          if (upload!.known)
            for await (const _ of part.file); // (read and let go: stored before)
          else await upload!.file(part.fieldname, part.file);
        }
        if (!manifest || !upload) throw badRequest(texts.release.manifestMissing);
        const { created } = await upload.finish();
        if (created) await audit.record({ actor: by, area, action: 'upload', to: manifest.version });
        reply.status(created ? 201 : 200);
        const { version } = manifest;
        return { ...codedWith('notice.releaseUploaded', { area, version }), area, version, created };
      } catch (error) {
        await upload?.abort();
        throw error;
      } finally {
        await endTurn?.();
      }
    },
  );
}

export function releasePruneRoutes(app: Api, { deps: { auth }, store }: ReleaseRouteContext) {
  app.post(
    '/releases/prune',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: `Delete releases beyond the newest \`keep\` of each area (at least ${MIN_KEPT_RELEASES}; never an active one).`,
        body: z.object({ keep: z.number().int().min(MIN_KEPT_RELEASES).max(1000).optional() }).strict(),
        response: answers({ 200: z.object({ ...notice, count: z.number() }) }),
      },
    },
    async (request) => {
      const count = await store.prune(request.body.keep ?? MIN_KEPT_RELEASES);
      return { ...codedWith('notice.releasesPruned', { count }), count };
    },
  );
}
