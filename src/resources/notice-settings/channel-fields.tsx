// One row per event group: the message centre always (shown checked, not a choice), then SMS and
// email. The centre is a value of the form only, never of the payload: the schema knows just
// the outside channels, and a group sent without any means "the message centre alone".
import { Checkbox } from "antd";
import { useTranslate } from "@refinedev/core";
import type { Control, FieldValues, Path } from "react-hook-form";
import { NOTICE_GROUPS, type NoticeGroup } from "../../domain/notifications";
import { OUTSIDE_CHANNELS } from "../../domain/notice-preferences";
import { FormField } from "../../components/FormField";

export const INBOX = "inbox";
export type GroupValues = Record<NoticeGroup, string[]>;

export const withInbox = (groups: Partial<Record<NoticeGroup, string[]>>): GroupValues =>
  Object.fromEntries(NOTICE_GROUPS.map((g) => [g, [INBOX, ...(groups[g] ?? [])]])) as GroupValues;
export const withoutInbox = (values: Partial<Record<NoticeGroup, string[]>>): GroupValues =>
  Object.fromEntries(NOTICE_GROUPS.map((g) => [g, (values[g] ?? []).filter((c) => c !== INBOX)])) as GroupValues;

export function ChannelFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const t = useTranslate();
  const options = [
    { value: INBOX, label: t("noticeSettings.channel.inbox"), disabled: true },
    ...OUTSIDE_CHANNELS.map((c) => ({ value: c, label: t(`noticeSettings.channel.${c}`) })),
  ];
  return (
    <>
      {NOTICE_GROUPS.map((g) => (
        <FormField key={g} control={control} name={g as Path<T>} label={t(`noticeSettings.group.${g}`)} extra={t(`noticeSettings.groupHint.${g}`)}>
          <Checkbox.Group options={options} aria-label={t(`noticeSettings.group.${g}`)} />
        </FormField>
      ))}
    </>
  );
}
