/** The data saver is on for a request asking for less data, or for a device that chose it. */
import { describe, expect, it } from 'vitest';
import { dataSaverOf } from '../src/data-saver';

describe('dataSaverOf', () => {
  it("is on for Save-Data: on or the profile's cookie, off otherwise", () => {
    expect(dataSaverOf({ 'save-data': 'on' })).toBe(true);
    expect(dataSaverOf({ 'save-data': ' ON ' })).toBe(true);
    expect(dataSaverOf({ cookie: 'btlsLang=fr; btlsSaveData=on' })).toBe(true);
    expect(dataSaverOf({ 'save-data': 'off' })).toBe(false);
    expect(dataSaverOf({ cookie: 'btlsSaveData=off' })).toBe(false);
    expect(dataSaverOf({})).toBe(false);
  });
});
