// Connection rules: when an arriving flight or train can be followed by a departing one. Times
// are instants in ms, so connections across time zones compare correctly.

export interface ConnectionEnd {
  /** Airport code or station name. */
  place: string;
  /** City the place serves: a change of place within one city is a ground transfer. */
  city: string;
  at: number;
  international?: boolean;
}

/** Minimum connection times, minutes. */
export const AIR_MCT = { domestic: 60, international: 120, changeAirport: 240 } as const;
/** Longest wait a connection may have, minutes. */
export const AIR_MAX_CONNECTION = { domestic: 8 * 60, international: 24 * 60 } as const;
export const TRAIN_MCT = { sameStation: 15, changeStation: 60 } as const;
export const TRAIN_MAX_CONNECTION = 6 * 60;

const MINUTE = 60_000;

/** Why the connection does not work, or null when it does. */
export function airConnectionProblem(arrival: ConnectionEnd, departure: ConnectionEnd): string | null {
  if (arrival.city !== departure.city) return "中转城市不一致";
  const intl = Boolean(arrival.international || departure.international);
  const changeAirport = arrival.place !== departure.place;
  const min = changeAirport ? AIR_MCT.changeAirport : intl ? AIR_MCT.international : AIR_MCT.domestic;
  const max = intl ? AIR_MAX_CONNECTION.international : AIR_MAX_CONNECTION.domestic;
  const wait = (departure.at - arrival.at) / MINUTE;
  if (wait < min) return `中转时间不足 ${min} 分钟`;
  if (wait > max) return `中转等待超过 ${max / 60} 小时`;
  return null;
}

export function trainConnectionProblem(arrival: ConnectionEnd, departure: ConnectionEnd): string | null {
  if (arrival.city !== departure.city) return "换乘城市不一致";
  const min = arrival.place === departure.place ? TRAIN_MCT.sameStation : TRAIN_MCT.changeStation;
  const wait = (departure.at - arrival.at) / MINUTE;
  if (wait < min) return `换乘时间不足 ${min} 分钟`;
  if (wait > TRAIN_MAX_CONNECTION) return `换乘等待超过 ${TRAIN_MAX_CONNECTION / 60} 小时`;
  return null;
}

export function connectionMinutes(arrival: ConnectionEnd, departure: ConnectionEnd): number {
  return Math.round((departure.at - arrival.at) / MINUTE);
}
