import { k8sFiles } from './k8s.ts';
import type { LaunchPlan, Target } from './plan.ts';
import { skypilotFiles } from './skypilot.ts';
import { slurmFiles } from './slurm.ts';

export interface LaunchFile {
  name: string;
  text: string;
}

/** The scheduler files for one target; deterministic for a given plan. */
export function launchFiles(plan: LaunchPlan, target: Target): LaunchFile[] {
  if (target === 'skypilot') return skypilotFiles(plan);
  if (target === 'k8s') return k8sFiles(plan);
  return slurmFiles(plan);
}
