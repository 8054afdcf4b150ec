import { describe, expect, it } from 'vitest';
import { layoutTags } from './tag-layout';

const overlaps = (tags: { x: number; y: number }[], r: number) =>
  tags.some((a, i) => tags.some((b, j) => j > i && Math.hypot(a.x - b.x, a.y - b.y) < 2 * r));

describe('layoutTags', () => {
  it('leaves tags that do not touch on their rooms', () => {
    const tags = layoutTags([[0, 0], [100, 0]], 10);
    expect(tags.map((t) => t.moved)).toEqual([false, false]);
  });
  it('moves tags of small neighbouring rooms apart and marks them for a leader line', () => {
    const anchors: [number, number][] = [[0, 0], [5, 0], [0, 5], [5, 5], [2, 2]];
    const tags = layoutTags(anchors, 10);
    expect(overlaps(tags, 10)).toBe(false);
    expect(tags[0].moved).toBe(false);
    expect(tags.slice(1).every((t) => t.moved)).toBe(true);
    expect(tags[3].anchor).toEqual([5, 5]);
  });
});
