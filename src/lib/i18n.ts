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

/**
 * The texts never change while the app runs, so a plain `t(key)` (no values, no options) is
 * looked up once per language: a page asks for the same menu and table labels every time, and
 * i18next's own lookup costs several regular expressions per call.
 */
function remembered(t: T): T {
  const texts = new Map<string, string>();
  const lookup = (key: unknown, ...rest: unknown[]) => {
    if (rest.length || typeof key !== "string") return (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key) as string;
      texts.set(key, text);
    }
    return text;
  };
  return Object.assign(lookup, t) as unknown as T;
}

const fixed = { cs: remembered(instance.getFixedT("cs")), en: remembered(instance.getFixedT("en")) };

export const tFor = (lang: Lang): T => fixed[lang];

export const translateMessage = (t: T, message: Message): string =>
  t(message.key, { ...(message.values ?? {}), defaultValue: message.key }) as string;

export function pickLanguage(value: string | null | undefined): Lang | null {
  return value === "cs" || value === "en" ? value : null;
}

/** The language a fixed `t` speaks, for helpers that get only `t` and format numbers (decision 046). */
export const langOf = (t: T): Lang => ((t as unknown as { lng?: string }).lng === "en" ? "en" : "cs");
