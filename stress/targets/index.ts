import { packageTarget } from './package-target.js';
import { pointerTarget } from './pointer-target.js';
import { sessionTarget } from './session-target.js';
import { postgresContextTarget, postgresSessionTarget } from './postgres-targets.js';
import type { StressTarget } from './target.js';

/** Everything the concurrency and crash suites write to. */
export const STRESS_TARGETS: readonly StressTarget[] = [
  packageTarget,
  sessionTarget,
  pointerTarget,
  postgresContextTarget,
  postgresSessionTarget,
];
