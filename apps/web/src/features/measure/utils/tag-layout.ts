/** Places round room-number tags so no two overlap; a tag moved off its room gets a leader line back to it. */
export interface TagPlace { x: number; y: number; anchor: [number, number]; moved: boolean }

/** Gap kept between two tags, as a share of the tag radius. */
const TAG_GAP = 0.25;
const DIRECTIONS = 12;
const MAX_RINGS = 12;

/**
 * Greedy, in order: each tag sits on its anchor when free, else on the nearest free spot of rings of growing
 * radius around it. Anchors are the rooms' tag points (mm); radius in the same units.
 */
export function layoutTags(anchors: [number, number][], radius: number): TagPlace[] {
  const placed: TagPlace[] = [];
  const minDist = radius * (2 + TAG_GAP);
  const free = (x: number, y: number) => placed.every((p) => Math.hypot(p.x - x, p.y - y) >= minDist);
  for (const a of anchors) {
    let spot: [number, number] | null = free(a[0], a[1]) ? a : null;
    for (let ring = 1; !spot && ring <= MAX_RINGS; ring++) {
      const r = ring * minDist;
      for (let k = 0; k < DIRECTIONS && !spot; k++) {
        // start straight up: leaders then read like callouts above the room
        const t = -Math.PI / 2 + (k * 2 * Math.PI) / DIRECTIONS;
        const x = a[0] + r * Math.cos(t), y = a[1] + r * Math.sin(t);
        if (free(x, y)) spot = [x, y];
      }
    }
    const [x, y] = spot ?? a;
    placed.push({ x, y, anchor: a, moved: x !== a[0] || y !== a[1] });
  }
  return placed;
}
