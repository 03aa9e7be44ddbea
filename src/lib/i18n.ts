import i18next, { type TFunction } from "i18next";
import { resources } from "@/locales";
import type { Lang } from "./context";
import type { Message } from "./errors";

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: "cs",
  fallbackLng: "cs",
  supportedLngs: ["cs", "en"],
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
  // React escapes on render; i18next's own escaping would mangle "/" and quotes.
  interpolation: { escapeValue: false },
});

export type T = TFunction;

const fixed = { cs: instance.getFixedT("cs"), en: instance.getFixedT("en") };

export const tFor = (lang: Lang): T => fixed[lang];

export const translateMessage = (t: T, message: Message): string =>
  t(message.key, { ...(message.values ?? {}), defaultValue: message.key }) as string;

export function pickLanguage(value: string | null | undefined): Lang | null {
  return value === "cs" || value === "en" ? value : null;
}
