// What the travel-management lists share: the search form's 查询/重置 buttons and the notice
// that a page of the list did not load, with a retry.
import { Alert, Button, Form, Space } from "antd";
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";

export function SearchButtons({ onReset }: { onReset: () => void }) {
  const t = useTranslate();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("travel.search")}</Button>
        <Button onClick={onReset} icon={<ReloadOutlined />}>{t("travel.reset")}</Button>
      </Space>
    </Form.Item>
  );
}

export function ListLoadError({ error, onRetry }: { error: { message: string } | null | undefined; onRetry: () => void }) {
  const t = useTranslate();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={t("travel.loadError")}
      description={error.message}
      action={<Button onClick={onRetry}>{t("travel.retry")}</Button>}
    />
  );
}
