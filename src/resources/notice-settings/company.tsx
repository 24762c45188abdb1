// NoticeSettings (/travel/travelManage/noticeSettings, the company administrator): the channels
// the company's members start from for each group (a member's own choice wins), which groups
// the company's group robots post, and — for whoever holds the group-robots button — the
// robots themselves (企业微信, 钉钉, 飞书).
import { App, Button, Checkbox, Form, Skeleton, Space, Tabs, Typography } from "antd";
import { useCan, useTranslate } from "@refinedev/core";
import { ROBOT_GROUPS } from "../../domain/notifications";
import { companyNoticeSchema, type CompanyNoticeSettings } from "../../domain/notice-preferences";
import { FormField, FormMessage } from "../../components/FormField";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { usePortalUser } from "../../layout/session";
import { userKeyOf } from "../../providers/access-control";
import { LoadError } from "../LoadError";
import { useResourceForm } from "../useResourceForm";
import { RobotList } from "../notice-robots/list";
import { ChannelFields, withInbox, withoutInbox, type GroupValues } from "./channel-fields";
import { NOTICE_GROUPS } from "../../domain/notifications";
import { COMPANY_NOTICE, OWN_RECORD } from ".";

type Values = GroupValues & { robotGroups: string[] };
const EMPTY = { ...withInbox({}), robotGroups: [] } as Values;

export default function CompanyNoticeSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const user = usePortalUser();
  const robots = useCan({ resource: "button:NOTICE_ROBOTS", action: "view", params: { user: userKeyOf(user) ?? "guest" } }).data?.can === true;
  return (
    <WorkbenchFrame routeName={routeName} title={t("noticeSettings.company.title")}>
      <div className="tp-frame__card">
        <Tabs
          items={[
            { key: "defaults", label: t("noticeSettings.company.defaults"), children: <CompanyForm /> },
            ...(robots ? [{ key: "robots", label: t("noticeSettings.robots.title"), children: <RobotList /> }] : []),
          ]}
        />
      </div>
    </WorkbenchFrame>
  );
}

function CompanyForm() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { control, submit, saving, loading, loadError, reload, refusal } = useResourceForm<Values, CompanyNoticeSettings>({
    resource: COMPANY_NOTICE,
    id: OWN_RECORD,
    fresh: true,
    schema: () => companyNoticeSchema,
    defaultValues: EMPTY,
    toValues: (r) => ({ ...withInbox(r), robotGroups: r.robotGroups }),
    input: (v) => ({ ...withoutInbox(v), robotGroups: v.robotGroups }),
    fields: () => [...NOTICE_GROUPS, "robotGroups"],
    redirect: false,
    onSaved: () => void message.success(t("noticeSettings.saved")),
  });
  if (loadError) return <LoadError error={loadError} onRetry={reload} />;
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 640 }} aria-label={t("noticeSettings.company.defaults")}>
      <Typography.Paragraph type="secondary">{t("noticeSettings.company.intro")}</Typography.Paragraph>
      <ChannelFields control={control} />
      <FormField control={control} name="robotGroups" label={t("noticeSettings.company.robotGroups")} extra={t("noticeSettings.company.robotGroupsHint")}>
        <Checkbox.Group options={ROBOT_GROUPS.map((g) => ({ value: g, label: t(`noticeSettings.group.${g}`) }))} aria-label={t("noticeSettings.company.robotGroups")} />
      </FormField>
      <Typography.Paragraph type="secondary">{t("noticeSettings.quietHours")}</Typography.Paragraph>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("noticeSettings.save")}</Button>
      </Space>
    </Form>
  );
}
