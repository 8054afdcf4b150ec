import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO, dialCodeOf } from './country-codes';

describe('signup country codes (spec sections 2 and 9)', () => {
  it('offers about 90 countries, each once, with a +digits code', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(85);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(100);
    expect(new Set(COUNTRY_CODES.map((c) => c.iso)).size).toBe(COUNTRY_CODES.length);
    for (const c of COUNTRY_CODES) expect(c.code).toMatch(/^\+\d{1,4}$/);
  });

  it('defaults to +61', () => {
    expect(dialCodeOf(DEFAULT_COUNTRY_ISO)).toBe('+61');
    expect(dialCodeOf('??')).toBe('+61');
  });
});
