/** Aggregates plan scores into the benchmark figures (per wall style and overall). */
import type { PlanScore } from './score.js';

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface Summary {
  plans: number;
  truthRooms: number;
  foundRooms: number;
  matchedRooms: number;
  precision: number;
  recall: number;
  f1: number;
  areaErrMedian: number;
  areaErrP90: number;
  /** Share of matched rooms more than 3 % off in area (a regression on a few rooms shows here first). */
  areaOff3: number;
  perimErrMedian: number;
  perimErrP90: number;
  labelAccuracy: number;
  doorCountExact: number;
  windowCountExact: number;
  doorCountAbsErrMean: number;
  windowCountAbsErrMean: number;
  openingWidthErrMedianMm: number;
  openingHeightErrMedianMm: number;
  exteriorLenErrMedian: number;
}

export function summarize(scores: PlanScore[]): Summary {
  const truthRooms = scores.reduce((s, x) => s + x.truthRooms, 0);
  const foundRooms = scores.reduce((s, x) => s + x.foundRooms, 0);
  const matches = scores.flatMap((s) => s.matches);
  const precision = foundRooms ? matches.length / foundRooms : 0;
  const recall = truthRooms ? matches.length / truthRooms : 0;
  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
  const ext = scores.map((s) => s.exteriorLengthError).filter((v): v is number => v !== null);
  return {
    plans: scores.length,
    truthRooms,
    foundRooms,
    matchedRooms: matches.length,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    areaErrMedian: percentile(matches.map((m) => m.areaError), 50),
    areaErrP90: percentile(matches.map((m) => m.areaError), 90),
    areaOff3: matches.length ? matches.filter((m) => m.areaError > 0.03).length / matches.length : NaN,
    perimErrMedian: percentile(matches.map((m) => m.perimeterError), 50),
    perimErrP90: percentile(matches.map((m) => m.perimeterError), 90),
    labelAccuracy: matches.length ? matches.filter((m) => m.labelRight).length / matches.length : NaN,
    doorCountExact: scores.filter((s) => s.doors.found === s.doors.truth).length / (scores.length || 1),
    windowCountExact: scores.filter((s) => s.windows.found === s.windows.truth).length / (scores.length || 1),
    doorCountAbsErrMean: mean(scores.map((s) => Math.abs(s.doors.found - s.doors.truth))),
    windowCountAbsErrMean: mean(scores.map((s) => Math.abs(s.windows.found - s.windows.truth))),
    openingWidthErrMedianMm: percentile(scores.flatMap((s) => s.openingWidthErrorsMm), 50),
    openingHeightErrMedianMm: percentile(scores.flatMap((s) => s.openingHeightErrorsMm), 50),
    exteriorLenErrMedian: percentile(ext, 50),
  };
}
