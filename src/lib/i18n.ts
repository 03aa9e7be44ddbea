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

/** What i18next reads as options rather than as values to put in (none of our texts names a value so). */
const I18NEXT_OPTIONS = new Set(["count", "context", "ordinal", "lng", "lngs", "fallbackLng", "ns", "returnObjects", "returnDetails", "joinArrays", "postProcess", "interpolation", "skipInterpolation", "replace", "keySeparator", "nsSeparator"]);
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The texts never change while the app runs, so a text is looked up once per language: a page
 * asks for the same menu and table labels every time, and i18next's own lookup costs several
 * regular expressions per call. A text with values (`{{name}}`) is filled in here the way i18next
 * fills it (a value's text; null as nothing; a name without a value left as it stands): 3.6 µs
 * per call in i18next, a dozen on each row of a list. Plurals (`count`), contexts, other options,
 * a missing key (its default value) and nesting (`$t(`) still go to i18next.
 */
function remembered(t: T): T {
  const texts = new Map<string, string>();
  const textOf = (key: string) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key) as string;
      texts.set(key, text);
    }
    return text;
  };
  const lookup = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    if (!rest.length) return textOf(key);
    const values = rest[0];
    if (rest.length === 1 && values && typeof values === "object" && Object.getPrototypeOf(values) === Object.prototype) {
      const text = textOf(key);
      const own = values as Record<string, unknown>;
      if (text !== key && !text.includes("$t(") && !Object.keys(own).some((name) => I18NEXT_OPTIONS.has(name))) {
        if (!text.includes("{{")) return text;
        return text.replace(PLACEHOLDER, (whole, name: string) => {
          const value = Object.hasOwn(own, name) ? own[name] : undefined;
          return value === undefined ? whole : value === null ? "" : String(value);
        });
      }
    }
    return (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  };
  return Object.assign(lookup, t) as unknown as T;
}

/** i18next itself for a language, without the lookups remembered above: what they must answer alike (src/lib/i18n.test.ts). */
export const i18nextFor = (lang: Lang): T => instance.getFixedT(lang);

const fixed = { cs: remembered(instance.getFixedT("cs")), en: remembered(instance.getFixedT("en")) };

export const tFor = (lang: Lang): T => fixed[lang];

export const translateMessage = (t: T, message: Message): string =>
  t(message.key, { ...(message.values ?? {}), defaultValue: message.key }) as string;

export function pickLanguage(value: string | null | undefined): Lang | null {
  return value === "cs" || value === "en" ? value : null;
}

/** The language a fixed `t` speaks, for helpers that get only `t` and format numbers (decision 046). */
export const langOf = (t: T): Lang => ((t as unknown as { lng?: string }).lng === "en" ? "en" : "cs");
