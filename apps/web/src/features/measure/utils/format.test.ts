import { describe, expect, it } from 'vitest';
import { roomTitle } from './format';

describe('roomTitle', () => {
  it('numbers a named room and keeps its name', () => {
    expect(roomTitle({ number: 7, label: 'Kitchen' }, 0)).toBe('Room 7 — Kitchen');
  });
  it('gives an unnamed room its number alone', () => {
    expect(roomTitle({ number: 3, label: '  ' }, 0)).toBe('Room 3');
    expect(roomTitle({ label: '' }, 4)).toBe('Room 5');
  });
});
