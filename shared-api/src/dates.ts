/**
 * Today's calendar date in Kigali (Central Africa Time, UTC+2 all year, no daylight saving), as YYYY-MM-DD.
 * "Not in the past" rules (preferred start date, job closing date) are judged on this date on both sides,
 * whatever the device's or the server's time zone.
 */
const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000;

export function todayInKigali(now: Date = new Date()): string {
  return new Date(now.getTime() + KIGALI_OFFSET_MS).toISOString().slice(0, 10);
}
