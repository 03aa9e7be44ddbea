import { catalogue } from "./catalogue";
import { common } from "./common";
import { settings } from "./settings";

/** Each domain owns a file here; they merge into one flat namespace per language. */
const domains = [common, catalogue, settings];

export const resources = {
  cs: { translation: Object.assign({}, ...domains.map((d) => d.cs)) as Record<string, unknown> },
  en: { translation: Object.assign({}, ...domains.map((d) => d.en)) as Record<string, unknown> },
};

export const languages = ["cs", "en"] as const;
