// A status colour as an order timeline's dot colour. antd's Timeline takes its own presets (blue,
// red, green, gray) or a CSS colour; the tag palette's volcano and geekblue are neither, so they
// are given as the palette's hex (the dot would not show otherwise), and grey as gray.
import type { StatusColor } from "../domain/codes";

const NOT_CSS: Partial<Record<StatusColor, string>> = { volcano: "#fa541c", geekblue: "#2f54eb", default: "gray" };

export function timelineColor(color: StatusColor): string {
  return NOT_CSS[color] ?? color;
}
