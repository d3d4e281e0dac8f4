export const IFBENCH_CHECKS: Record<string, import("../types.ts").InstructionCheck> = {};
