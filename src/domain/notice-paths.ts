// The message centre's catalogue paths, apart from the notification rules: the resource registry
// the first page loads needs the paths, not the schemas and texts.
export const NOTICE_PATHS = {
  list: "/member/notifications/list",
  unread: "/member/notifications/unread",
  read: "/member/notifications/read",
  readAll: "/member/notifications/readAll",
} as const;
