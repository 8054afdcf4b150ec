#!/usr/bin/env node
// Builds the landing page's tutorial video from the app's own screens: the frames that the real-flow browser
// test (e2e/measure-flow.spec.ts) saves under e2e/screenshots/tutorial/, plus the first page of the report it
// downloaded. Writes apps/web/public/tutorial/: a WebM (VP9) and an MP4 (H.264) with the same picture, a
// poster image, and English captions (WebVTT), which the video element loads as its captions track.
//
//   node scripts/e2e.mjs e2e/measure-flow.spec.ts && node scripts/make-tutorial-video.mjs
//
// Needs ffmpeg and pdftoppm (Debian: apt-get install ffmpeg poppler-utils).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FRAMES = path.resolve('e2e/screenshots/tutorial');
const REPORT = path.resolve('e2e/screenshots/measure-flow-report-edited.pdf');
const OUT = path.resolve('apps/web/public/tutorial');
const WIDTH = 1280;
const HEIGHT = 806; // the test's 1366 x 860 laptop viewport, scaled; even for H.264
const FADE_S = 0.5;
const FPS = 15;

/** The scenes in order: frame file, seconds on screen, caption. */
const SCENES = [
  ['01-projects-empty.png', 3.5, 'Sign in and open your projects. Start with Create New Project.'],
  ['02-create-upload.png', 5, 'Drop the PDF of your plans, name the project and choose the page that holds the floor plan.'],
  ['03-create-confirm.png', 4, 'Check the details and the page preview, then create the project.'],
  ['04-create-success.png', 3, 'The project is created. Open its results.'],
  ['05-ceiling-scale.png', 5, 'Enter the ceiling height in millimetres and the scale and paper size printed on the plan.'],
  ['06-results-loading.png', 3, 'Plansight finds the walls, windows, doors and rooms on your plan.'],
  ['07-results.png', 6, 'Every room is measured and drawn over your plan: skirting, ceiling area and net wall area.'],
  ['08-walls-rename.png', 5, 'In the walls view, click a room on the plan to find it in the list, and give it your own name.'],
  ['09-walls-totals.png', 5, 'Switch off a room you are not painting: the totals follow at once and the change is saved.'],
  ['10-results-after-edits.png', 4, 'Back on the results, pick the rooms for your report.'],
  ['report-page-1.png', 6, 'Download the A3 report, with every room, the totals and your plan, and send it with your quote.'],
];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`${cmd} failed:\n${r.stderr?.slice(-3000)}`);
    process.exit(1);
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'plansight-video-'));
try {
  if (!existsSync(REPORT)) throw new Error(`${REPORT} is missing: run node scripts/e2e.mjs e2e/measure-flow.spec.ts first`);
  // The report page as a picture (A3 landscape is close to the video's shape; the rest is padded).
  run('pdftoppm', ['-f', '1', '-l', '1', '-r', '90', '-png', '-singlefile', REPORT, path.join(tmp, 'report-page-1')]);
  const files = SCENES.map(([f]) => (f.startsWith('report-') ? path.join(tmp, f) : path.join(FRAMES, f)));
  for (const f of files) if (!existsSync(f)) throw new Error(`missing frame ${f}: run node scripts/e2e.mjs e2e/measure-flow.spec.ts first`);

  const inputs = SCENES.flatMap(([, secs], i) => ['-loop', '1', '-framerate', String(FPS), '-t', String(secs), '-i', files[i]]);
  const fit = `scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease:flags=lanczos,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=0xf1f3f5,setsar=1,format=yuv420p,fps=${FPS}`;
  const parts = SCENES.map((_, i) => `[${i}:v]${fit}[v${i}]`);
  // Cross-fades: scene i starts fading in FADE_S before the previous one ends.
  const starts = [];
  let t = 0;
  let last = 'v0';
  SCENES.forEach(([, secs], i) => {
    starts.push(t);
    if (i > 0) {
      parts.push(`[${last}][v${i}]xfade=transition=fade:duration=${FADE_S}:offset=${t.toFixed(2)}[x${i}]`);
      last = `x${i}`;
    }
    t += secs - FADE_S;
  });
  const total = t + FADE_S;
  parts.push(`[${last}]format=yuv420p[out]`);
  const graph = parts.join(';');

  mkdirSync(OUT, { recursive: true });
  const base = path.join(OUT, 'plansight-tutorial');
  // Screens hold still for seconds at a time, so a low frame rate and long keyframe gaps keep the files small.
  run('ffmpeg', ['-y', '-loglevel', 'error', ...inputs, '-filter_complex', graph, '-map', '[out]', '-an',
    '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '5', '-g', String(FPS * 6), `${base}.webm`]);
  run('ffmpeg', ['-y', '-loglevel', 'error', ...inputs, '-filter_complex', graph, '-map', '[out]', '-an',
    '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'stillimage', '-profile:v', 'main', '-g', String(FPS * 6), '-movflags', '+faststart', `${base}.mp4`]);
  run('ffmpeg', ['-y', '-loglevel', 'error', '-i', files[SCENES.findIndex(([f]) => f === '07-results.png')], '-vf', `scale=${WIDTH}:-2`, '-q:v', '5', `${base}-poster.jpg`]);

  // Captions: each scene's text from the moment it starts fading in until the next one does.
  const ts = (s) => {
    const ms = Math.round(s * 1000);
    const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
    const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
    const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
    return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
  };
  const cues = SCENES.map(([, , text], i) => `${i + 1}\n${ts(starts[i])} --> ${ts(i + 1 < SCENES.length ? starts[i + 1] : total)}\n${text}\n`);
  writeFileSync(`${base}.en.vtt`, `WEBVTT\n\n${cues.join('\n')}`);

  for (const ext of ['.webm', '.mp4', '-poster.jpg', '.en.vtt']) {
    console.log(`${path.relative(process.cwd(), base + ext)}  ${(statSync(base + ext).size / 1024).toFixed(0)} KB`);
  }
  console.log(`duration ${total.toFixed(1)} s, ${SCENES.length} scenes`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
