// The member photo: shown as an avatar; a new one is checked (type, 512 KB), read as Base64 and sent
// to /member/photo/upload. antd's own upload request is not used: the request layer is the client.
import { useState } from "react";
import { App, Avatar, Button, Upload } from "antd";
import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { PHOTO_MIMES } from "../../domain/profile";
import { domainLang } from "../../providers/i18n-provider";
import { getRequestBaseURL, request } from "../../providers/request";
import { photoProblem } from "../../domain/forms/account";
import { useTranslate } from "@refinedev/core";

/** The server answers photo URLs under /api; with an API on another origin they live there. */
export function fileUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const base = getRequestBaseURL();
  return /^https?:\/\//.test(base) && url.startsWith("/") ? new URL(url, base).href : url;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface PhotoUploadProps {
  url?: string | null;
  name?: string | null;
  onUploaded: (photo: { url: string; fileName: string }) => void;
}

export function PhotoUpload({ url, name, onUploaded }: PhotoUploadProps) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    const problem = photoProblem(file, domainLang());
    if (problem) {
      void message.error(problem);
      return;
    }
    setBusy(true);
    try {
      const dataBase64 = await readAsDataUrl(file);
      const saved = await request<{ url: string; fileName: string }>("/member/photo/upload", { fileName: file.name, mime: file.type, dataBase64 }, { needLogin: true });
      onUploaded(saved);
      void message.success(t("account.photoSaved"));
    } catch {
      // The request layer has shown the server's reason (e.g. 图片内容与所选格式不符).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tp-photo">
      <Avatar size={96} src={fileUrl(url)} icon={!url && !name ? <UserOutlined /> : undefined} className="tp-photo__avatar">
        {!url && name ? name.slice(-2) : null}
      </Avatar>
      <Upload
        accept={PHOTO_MIMES.join(",")}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t("account.changePhoto")}
        </Button>
      </Upload>
      <div className="tp-photo__hint">{t("account.photoHint")}</div>
    </div>
  );
}
