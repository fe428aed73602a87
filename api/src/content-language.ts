/**
 * The reader's language for what the business writes (docs/product.md §3, content languages): the `lang` a page
 * asks for, else the page's own (its `btlsLang` cookie, else Accept-Language), as the server render decides a
 * page's language.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '@btls/kernel/i18n-server';
import type { Language } from '@btls/shared-api/constants';

export function readerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const asked = (request.query as { lang?: Language } | undefined)?.lang;
  if (asked) return asked;
  // The answer depends on the headers then: a cache keeps one per language.
  reply.header('Vary', 'Cookie, Accept-Language');
  return requestLanguage(request.headers as { cookie?: string; 'accept-language'?: string });
}
