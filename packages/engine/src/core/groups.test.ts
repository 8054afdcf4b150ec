import { describe, expect, it } from 'vitest';
import { groups } from './groups.js';

describe('groups', () => {
  const all = (n: number) => () => Array.from({ length: n }, (_, i) => i);

  it('joins indices linked through others, each group ascending, groups by their first index', () => {
    // 0-3, 3-5 and 1-4 linked: {0, 3, 5}, {1, 4}, {2}
    const pairs = new Set(['0,3', '3,5', '1,4']);
    expect(groups(6, (i, j) => pairs.has(`${i},${j}`), all(6))).toEqual([[0, 3, 5], [1, 4], [2]]);
  });

  it('asks only of candidates after i, and not of two already in one group', () => {
    const asked: string[] = [];
    // 0 links with 1 and with 2, so 1-2 (already one group) is never asked; 2's candidates come before it
    groups(3, (i, j) => { asked.push(`${i},${j}`); return i === 0; }, all(3));
    expect(asked).toEqual(['0,1', '0,2']);
  });

  it('links only the candidates near gives', () => {
    expect(groups(3, () => true, (i) => (i === 0 ? [2] : []))).toEqual([[0, 2], [1]]);
  });
});
