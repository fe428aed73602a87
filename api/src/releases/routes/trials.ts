/** A link that tries a candidate release in one browser, on the trial origin. */
import type { RemoteArea } from '@btls/build-config/remotes';
import { z } from 'zod';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { answers, type Api } from '../../http/contract';
import { conflict } from '../../http/errors';
import { areaParams, areaSchema, notice, versionText, type ReleaseRouteContext } from './common';

export function releaseTrialRoutes(app: Api, { store, trials, trialOrigin, areaReleaser }: ReleaseRouteContext) {
  app.post(
    '/releases/:area/trial',
    {
      preValidation: areaReleaser.hook,
      schema: {
        summary:
          'A link that tries a candidate in one browser, on the trial origin (two hours; only a release uploaded after the active one; it stops working when its maker could no longer make it or the version is no longer newer). Whoever opens it renders that candidate, in that browser only.',
        params: areaParams,
        body: z.object({ version: versionText }).strict(),
        response: answers(
          {
            200: z.object({
              ...notice,
              area: areaSchema,
              version: z.string(),
              link: z
                .string()
                .meta({ description: 'The address to open: a page of the trial origin (any page takes `?release=`)' }),
              expiresAt: z.string(),
            }),
          },
          [404, 409],
        ),
      },
    },
    async (request) => {
      const area = request.params.area as RemoteArea;
      const { version } = request.body;
      if (!trialOrigin.origin) throw conflict(texts.release.trialsOff);
      if (!(await store.isNewerThanActive(area, version)))
        throw conflict(codedWith('release.trialNotNewer', { version: version.slice(0, 100) }));
      const { ticket, expiresAt } = await trials.make(area, version, areaReleaser.who(request).by);
      return {
        ...codedWith('notice.releaseTrialLink', { area, version }),
        area,
        version,
        link: `${trialOrigin.origin}/?release=${encodeURIComponent(ticket)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
}
