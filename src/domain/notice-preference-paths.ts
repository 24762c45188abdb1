// The notification settings' catalogue paths (a member's own, the company's, its group robots),
// apart from their schemas: the settings pages' resources need only the paths.
export const NOTICE_PREFERENCE_PATHS = {
  mine: "/member/notice-preferences/detail",
  saveMine: "/member/notice-preferences/save",
  company: "/company/notice-settings/detail",
  saveCompany: "/company/notice-settings/save",
  robots: "/company/notice-robots",
} as const;
