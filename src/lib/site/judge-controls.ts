import type { CalibrationReport, ControlRate, JudgeControlsScore } from '../../schema/calibration.ts';
import { pct } from './format.ts';

/** A judge's figures on the judge controls, from the calibration report; null when not measured. */
export function controlsFor(calibration: CalibrationReport | null, judgeId: string): JudgeControlsScore | null {
  return calibration?.judges.find((j) => j.judge.id === judgeId)?.controls ?? null;
}

/** "3.1% [2.3%, 4.2%]": a control rate with its interval. */
export function rateText(r: ControlRate): string {
  return `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;
}

/** "false-genuine 3.1% [2.3%, 4.2%], positive recall 97.5% [91.3%, 99.3%]", or a plain "not measured". */
export function controlsLine(c: JudgeControlsScore | null): string {
  if (!c) return 'not measured on the judge controls';
  return `false-genuine ${rateText(c.false_genuine)}, positive recall ${rateText(c.positive_recall)}`;
}
