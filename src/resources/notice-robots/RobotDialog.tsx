// Adding or editing a group robot: platform, name, webhook URL and, for 钉钉 and 飞书, the
// signing secret. The secret is write-only: an edit shows whether one is set, and an empty
// field keeps it. The URL comes back masked; sent back unchanged, the server keeps the real one.
import { Button, Form, Input, Modal, Select, Space, Switch } from "antd";
import { useTranslate } from "@refinedev/core";
import { PLATFORM_SIGNS, ROBOT_PLATFORMS, robotSchema, type RobotPlatform } from "../../domain/notice-preferences";
import { FormField, FormMessage } from "../../components/FormField";
import { useResourceForm } from "../useResourceForm";
import { NOTICE_ROBOTS, type RobotRow } from ".";

interface RobotValues {
  platform: RobotPlatform;
  name: string;
  url: string;
  secret: string;
  enabled: boolean;
}

const payloadOf = (v: RobotValues) => ({
  platform: v.platform, name: v.name.trim(), url: v.url.trim(), status: v.enabled ? 1 : 0,
  ...(PLATFORM_SIGNS[v.platform] && v.secret.trim() ? { secret: v.secret.trim() } : {}),
});

export function RobotDialog({ robot, onClose }: { robot: RobotRow | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal open title={t(robot ? "noticeSettings.robots.edit" : "noticeSettings.robots.add")} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <RobotForm robot={robot} onClose={onClose} />
    </Modal>
  );
}

function RobotForm({ robot, onClose }: { robot: RobotRow | null; onClose: () => void }) {
  const t = useTranslate();
  const initial: RobotValues = robot
    ? { platform: robot.platform, name: robot.name, url: robot.url, secret: "", enabled: robot.status === 1 }
    : { platform: "wecom", name: "", url: "", secret: "", enabled: true };
  // The row at hand is the record (no detail read); the secret never comes back to fill in.
  const { control, watch, submit, saving, refusal } = useResourceForm<RobotValues, RobotRow>({
    resource: NOTICE_ROBOTS, id: robot?.id, load: false, redirect: false, schema: () => robotSchema, defaultValues: initial, input: payloadOf,
    fields: (v) => (PLATFORM_SIGNS[v.platform] ? ["platform", "name", "url", "secret", "status"] : ["platform", "name", "url", "status"]),
    fieldOf: (path) => (path === "status" ? "enabled" : path.split(".")[0]),
    onSaved: onClose,
  });
  const signs = PLATFORM_SIGNS[watch("platform")];
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} aria-label={t("noticeSettings.robots.form")}>
      <FormField control={control} name="platform" label={t("noticeSettings.robots.platform")}>
        <Select options={ROBOT_PLATFORMS.map((p) => ({ value: p, label: t(`noticeSettings.platform.${p}`) }))} />
      </FormField>
      <FormField control={control} name="name" label={t("noticeSettings.robots.name")}>
        <Input maxLength={40} placeholder={t("noticeSettings.robots.namePlaceholder")} />
      </FormField>
      <FormField control={control} name="url" label={t("noticeSettings.robots.url")} extra={robot ? t("noticeSettings.robots.urlMasked") : undefined}>
        <Input maxLength={500} placeholder="https://" />
      </FormField>
      {signs && (
        <FormField control={control} name="secret" label={t("noticeSettings.robots.secret")} extra={t("noticeSettings.robots.secretHint")}>
          <Input.Password maxLength={200} autoComplete="new-password" placeholder={robot?.hasSecret ? t("noticeSettings.robots.secretKept") : t("noticeSettings.robots.optional")} />
        </FormField>
      )}
      <FormField control={control} name="enabled" label={t("noticeSettings.robots.status")} valuePropName="checked">
        <Switch checkedChildren={t("noticeSettings.robots.on")} unCheckedChildren={t("noticeSettings.robots.off")} />
      </FormField>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("noticeSettings.save")}</Button>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
      </Space>
    </Form>
  );
}
