import { describe, expect, it } from 'vitest';
import { toWirePhone } from './phone';

describe('toWirePhone', () => {
  it('puts 0, the country code digits and the number together', () => {
    expect(toWirePhone('+61', '412345678')).toBe('061412345678');
  });

  it('drops spaces, dashes and brackets the user typed', () => {
    expect(toWirePhone('+1', '(555) 123-4567')).toBe('015551234567');
    expect(toWirePhone('+44', '7700 900 123')).toBe('0447700900123');
  });
});
