// A company's group robots (企业微信, 钉钉, 飞书 webhooks) as a Refine resource, shown on the
// NoticeSettings page. The server never sends a secret back and masks the key in the URL. The
// paths are registered when the page loads (the first download stays without them).
import { registerResourceEndpoints } from "../../providers/data-provider";
import { NOTICE_PREFERENCE_PATHS as P } from "../../domain/notice-preference-paths";
import type { RobotPlatform } from "../../domain/notice-preferences";

export const NOTICE_ROBOTS = "notice-robots";
registerResourceEndpoints(NOTICE_ROBOTS, {
  list: `${P.robots}/list`, one: `${P.robots}/detail`, create: `${P.robots}/add`, update: `${P.robots}/update`, delete: `${P.robots}/delete`,
});

/** A robot as the list shows it. */
export interface RobotRow {
  id: number;
  platform: RobotPlatform;
  name: string;
  /** The key or token in it masked. */
  url: string;
  hasSecret: boolean;
  status: 0 | 1;
  createTime: string;
}
