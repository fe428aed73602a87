/** Load tickets on their own: what a ticket names, and each way one fails to hold. */
import { describe, expect, it } from 'vitest';
import { areaTicket } from '@btls/build-config/remotes';
import { createLoadTickets, TICKET_LIFETIME_S } from '../src/releases/load-tickets';

const browser = 'Qk9XU0VSSURYWFhY';
const areas = [
  { area: 'public', version: '1.2.0+aaa', percent: 10 },
  { area: 'trainer', version: '2.0.0+bbb', percent: 0 },
];

describe('a load ticket', () => {
  let clock = Date.parse('2026-11-29T08:00:00Z');
  const tickets = createLoadTickets('a-secret-of-the-server-long-enough', () => clock);
  /** The bucket was drawn ten minutes before this load. */
  const drawnAt = clock / 1000 - 600;
  const issued = tickets.issue({ browser, bucket: 7, drawnAt }, areas);
  const ticket = areaTicket(issued, 'public')!;
  const cookie = `btlsBrowser=${browser}; btlsBucket=${tickets.bucketCookie(browser, 7, drawnAt)}`;
  const claim = { area: 'public', version: '1.2.0+aaa', others: ['1.1.0+zzz'] };

  it("holds for its area's version, from its browser, naming the load, bucket (and its draw) and share", () => {
    expect(tickets.verify(ticket, claim, cookie)).toMatchObject({
      browser,
      bucket: 7,
      drawnAt: new Date(drawnAt * 1000),
      percent: 10,
      area: 'public',
      version: '1.2.0+aaa',
      load: expect.stringMatching(/^[\w-]{12}$/),
    });
    // One load's tickets share their load part; each area's is signed for its own version.
    expect(areaTicket(issued, 'trainer')!.split('~')[0]).toBe(ticket.split('~')[0]);
  });

  it('does not hold for another version, another area, another browser or bucket, changed, or late', () => {
    expect(tickets.verify(undefined, claim, cookie)).toEqual({ rejected: 'missing' });
    expect(tickets.verify(ticket, { ...claim, version: '1.1.0+zzz', others: ['1.2.0+aaa'] }, cookie)).toEqual({
      rejected: 'version',
    });
    expect(tickets.verify(areaTicket(issued, 'trainer'), claim, cookie)).toEqual({ rejected: 'version' });
    expect(tickets.verify(ticket.replace('.10.', '.99.'), claim, cookie)).toEqual({ rejected: 'forged' });
    expect(tickets.verify(ticket.replace('.7.', '.1.'), claim, cookie)).toEqual({ rejected: 'forged' });
    const [common] = ticket.split('~');
    const earlier = `${common!.replace(/\.[0-9a-z]+$/, `.${(drawnAt - 3600).toString(36)}`)}~${ticket.split('~')[1]}`;
    expect(tickets.verify(earlier, claim, cookie)).toEqual({ rejected: 'forged' });
    // A bucket the server did not draw for this browser: written by hand, or signed for another.
    expect(tickets.verify(ticket, claim, `btlsBrowser=${browser}; btlsBucket=7`)).toEqual({ rejected: 'bucket' });
    expect(
      tickets.verify(ticket, claim, `btlsBrowser=${browser}; btlsBucket=${tickets.bucketCookie(browser, 8)}`),
    ).toEqual({ rejected: 'bucket' });
    const other = 'AAAAAAAAAAAAAAAA';
    expect(tickets.verify(ticket, claim, `btlsBrowser=${other}; btlsBucket=${tickets.bucketCookie(other, 7)}`)).toEqual(
      { rejected: 'browser' },
    );
    expect(createLoadTickets('another-secret-of-another-server', () => clock).verify(ticket, claim, cookie)).toEqual({
      rejected: 'forged',
    });
    clock += (TICKET_LIFETIME_S + 1) * 1000;
    expect(tickets.verify(ticket, claim, cookie)).toEqual({ rejected: 'expired' });
  });
});
