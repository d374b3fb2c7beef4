/** Texts the shell shows outside of pages, by id (the ids follow Ant Design Pro's locale keys). */
export const messages = {
  'app.pwa.offline': '当前处于离线状态',
  'app.pwa.serviceworker.updated': '有新内容',
  'app.pwa.serviceworker.updated.hint': '请点击"刷新"按钮或者手动刷新页面',
  'app.pwa.serviceworker.updated.ok': '刷新',
} as const;

export type MessageId = keyof typeof messages;

/** The text of `id`. */
export const t = (id: MessageId): string => messages[id];
