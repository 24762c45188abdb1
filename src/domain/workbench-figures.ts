// Small derived figures for display. Money stays integer fen; only a percentage (never shown
// as money) is computed in floating point.
import { isOn, type Flag } from "../access";

/** A trip level's control flags (creditEmployee.tripLevel), as the workbench and the staff pages show them. */
export interface TripLevelFlags {
  approveFlag: Flag;
  feeFlag: Flag;
  changeApprove: Flag;
  overproof: Flag;
  overApprove: Flag;
}

/** Used share of a credit line, 0-100 with one decimal; 0 when there is no line. */
export function creditPercent(usedFen: number, limitFen: number): number {
  if (!Number.isFinite(usedFen) || !Number.isFinite(limitFen) || limitFen <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((usedFen / limitFen) * 1000) / 10));
}

/** i18n keys of a trip level's control flags (creditEmployee.tripLevel). */
export function tripFlagKeys(level: TripLevelFlags | null | undefined): string[] {
  if (!level) return [];
  const keys: string[] = [];
  if (isOn(level.approveFlag)) keys.push("workbench.flagApprove");
  if (isOn(level.feeFlag)) keys.push("workbench.flagFee");
  if (isOn(level.changeApprove)) keys.push("workbench.flagChange");
  // Over-standard bookings either need approval or are merely allowed.
  if (isOn(level.overproof)) keys.push(isOn(level.overApprove) ? "workbench.flagOverApprove" : "workbench.flagOverAllowed");
  return keys;
}

const PERMANENT_ZH = "永久有效";

/** experienceDate: a date, or permanently valid (the server's default text, or no value). */
export function isPermanent(experienceDate: string | null | undefined): boolean {
  return !experienceDate || experienceDate === PERMANENT_ZH;
}
