/**
 * Union-find over the indices 0..n-1: the groups of indices linked to each other directly or through others.
 * `near(i)` lists the candidates to link with i (an index may come more than once); `linked(i, j)` is asked of
 * j > i only, and not when the two are already in one group. Each group lists its indices in ascending order;
 * the groups come in the order of their first index.
 */
export function groups(n: number, linked: (i: number, j: number) => boolean, near: (i: number) => ArrayLike<number>): number[][] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < n; i++) {
    const list = near(i);
    for (let t = 0; t < list.length; t++) {
      const j = list[t];
      if (j > i && find(i) !== find(j) && linked(i, j)) parent[find(i)] = find(j);
    }
  }
  const by = new Map<number, number[]>();
  // (pushed, not copied per member: a group of thousands cost its size squared)
  for (let i = 0; i < n; i++) {
    const r = find(i), list = by.get(r);
    if (list) list.push(i); else by.set(r, [i]);
  }
  return [...by.values()];
}
