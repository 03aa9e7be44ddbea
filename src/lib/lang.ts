/** The app's two languages: Czech (the default) and English. Browser-safe, so islands may use it. */
export type Lang = "cs" | "en";
