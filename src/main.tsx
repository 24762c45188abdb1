// Order matters: antd's React 19 patch must run before anything else.
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { i18nReady, loadAllTexts } from "./providers/i18n-provider";
import { whenIdle } from "./components/idle";
import { preloadRequestClient } from "./providers/request";

preloadRequestClient();

// A visitor who chose English waits for its texts rather than seeing Chinese flash first.
void i18nReady.finally(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The next page's texts are usually there before it is opened.
  whenIdle(() => void loadAllTexts(), 4000);
});
