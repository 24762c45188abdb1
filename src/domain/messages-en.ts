// The English messages, registered when this module loads: imported by the server and by the
// portal's English bundle, so the first download carries the Chinese messages only.
import en from "../locales/messages.en-US.json" with { type: "json" };
import { registerEnglishMessages } from "./messages";

registerEnglishMessages(en);
