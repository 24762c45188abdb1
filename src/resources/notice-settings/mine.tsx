// notice_settings (/myCenter/notice_settings): which channels each group of the member's
// notifications goes out on beside the message centre (SMS, email), and the language of their
// emails. Until the member saves, the form shows what applies now: the company's defaults, else
// the built-in ones. SMS waits out the quiet hours, except a disruption close to departure.
import { Alert, App, Button, Form, Radio, Skeleton, Space, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";
import { NOTICE_GROUPS } from "../../domain/notifications";
import { memberPreferenceSchema, type MemberPreferences } from "../../domain/notice-preferences";
import { pathFor } from "../../access/routes";
import { FormField, FormMessage } from "../../components/FormField";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LoadError } from "../LoadError";
import { useResourceForm } from "../useResourceForm";

import { ChannelFields, withInbox, withoutInbox, type GroupValues } from "./channel-fields";
import { NOTICE_PREFERENCES, OWN_RECORD } from ".";

type Values = GroupValues & { lang: "zh" | "en" };
const EMPTY = { lang: "zh", ...withInbox({}) } as Values;

export default function NoticeSettingsPage() {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName="notice_settings" title={t("noticeSettings.mine.title")} extra={<Link to={pathFor("message_centre")}>{t("noticeSettings.mine.toMessages")}</Link>}>
      <div className="tp-frame__card">
        <PreferenceForm />
      </div>
    </WorkbenchFrame>
  );
}

function PreferenceForm() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { control, submit, saving, loading, loadError, reload, refusal } = useResourceForm<Values, MemberPreferences>({
    resource: NOTICE_PREFERENCES,
    id: OWN_RECORD,
    fresh: true,
    schema: () => memberPreferenceSchema,
    defaultValues: EMPTY,
    toValues: (r) => ({ lang: r.lang, ...withInbox(r) }),
    input: (v) => ({ lang: v.lang, ...withoutInbox(v) }),
    fields: () => ["lang", ...NOTICE_GROUPS],
    redirect: false,
    onSaved: () => void message.success(t("noticeSettings.saved")),
  });
  if (loadError) return <LoadError error={loadError} onRetry={reload} />;
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 640 }} aria-label={t("noticeSettings.mine.title")}>
      <Typography.Paragraph type="secondary">{t("noticeSettings.mine.intro")}</Typography.Paragraph>
      <ChannelFields control={control} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("noticeSettings.quietHours")} data-testid="quiet-hours-note" />
      <FormField control={control} name="lang" label={t("noticeSettings.mine.lang")}>
        <Radio.Group options={[{ value: "zh", label: t("noticeSettings.lang.zh") }, { value: "en", label: t("noticeSettings.lang.en") }]} />
      </FormField>
      <Typography.Paragraph type="secondary">
        {t("noticeSettings.mine.emailAt")} <Link to={pathFor("self_info")}>{t("noticeSettings.mine.editEmail")}</Link>
      </Typography.Paragraph>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("noticeSettings.save")}</Button>
      </Space>
    </Form>
  );
}
