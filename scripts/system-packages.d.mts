export interface SystemNeed {
  /** A command on PATH, or an absolute file path. */
  what: string;
  packages: string[];
}
export const E2E_NEEDS: SystemNeed[];
export const BENCH_NEEDS: SystemNeed[];
export function ensureSystemPackages(
  needs: SystemNeed[],
  reporter: { log: (message: string) => void; fail: (message: string) => never | void; what: string },
): void;
