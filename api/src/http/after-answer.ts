/**
 * Work done after the answer has gone out: a route whose answer must not tell, by how long it took,
 * which branch it went down (forgot-password: does this e-mail have an account?) answers first and does the
 * rest afterwards, the same way for both. The app waits for such work before it closes.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

export type AfterAnswer = (reply: FastifyReply, work: () => Promise<void>) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every piece of after-the-answer work started so far has ended (tests, shutdown). */
    settled(): Promise<void>;
  }
}

export function registerAfterAnswer(app: FastifyInstance, log: FastifyBaseLogger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  const settled = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  app.decorate('settled', settled);
  app.addHook('onClose', settled);
  return (reply, work) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const running: Promise<void> = work()
        .catch((error: unknown) => log.error({ err: error }, 'Work after the answer failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    // 'finish' once the answer is handed over; 'close' also when the client went away before it.
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
  };
}
