// The QR picture alone, in its own chunk: it is drawn only when a visitor hovers the header link.
import { QRCode } from "antd";

export default function QrCodeImage({ value, size = 132, bordered = false }: { value: string; size?: number; bordered?: boolean }) {
  return <QRCode value={value} size={size} bordered={bordered} />;
}
