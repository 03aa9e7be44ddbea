/** Templates' placeholders (docs/decisions/081-sending-documents.md): filled, unknown ones found, the defaults' own. */
import { describe, expect, test } from "bun:test";
import { formatMoney } from "@/lib/money";
import { fillTemplate, MAIL_LANGUAGES, MAIL_TEMPLATE_KEYS, type MailPlaceholderValues, unknownPlaceholders } from "./schemas";
import { defaultMailTemplate } from "./service";

const values: MailPlaceholderValues = {
  orderNumber: "1234",
  documentNumber: "2026100042",
  amount: formatMoney(1234.5, "cs"),
  dueDate: "14.12.2026",
  variableSymbol: "2026100042",
  companyName: "Ploty Ťuhýk s.r.o.",
  customerName: "Řehoř Šťastný",
};

describe("fillTemplate", () => {
  test("every placeholder, spaces inside the braces too; an unknown one stays as written", () => {
    expect(fillTemplate("Faktura č. {{documentNumber}} na {{ amount }}, splatná {{dueDate}}, VS {{variableSymbol}} ({{foo}})", values)).toBe(
      "Faktura č. 2026100042 na 1\u00a0234,50\u00a0Kč, splatná 14.12.2026, VS 2026100042 ({{foo}})",
    );
    expect(fillTemplate("{{customerName}} / {{companyName}} / {{orderNumber}}", values)).toBe("Řehoř Šťastný / Ploty Ťuhýk s.r.o. / 1234");
  });
});

describe("unknownPlaceholders", () => {
  test("names each unknown one once, as written; the known ones pass", () => {
    expect(unknownPlaceholders("{{amount}} {{castka}} {{ castka }} {{castka}} {{}}")).toEqual(["{{castka}}", "{{ castka }}", "{{}}"]);
    expect(unknownPlaceholders("{{orderNumber}} {{documentNumber}} {{amount}} {{dueDate}} {{variableSymbol}} {{companyName}} {{customerName}}")).toEqual([]);
  });

  test("the defaults, in both languages, use only known placeholders and keep them (not filled by i18next)", () => {
    for (const key of MAIL_TEMPLATE_KEYS) {
      for (const lang of MAIL_LANGUAGES) {
        const template = defaultMailTemplate(key, lang);
        expect(unknownPlaceholders(template.subject + template.body)).toEqual([]);
        expect(template.subject).not.toMatch(/[\r\n]/);
      }
    }
    expect(defaultMailTemplate("proforma", "cs").subject).toBe("Zálohová faktura č. {{documentNumber}} – {{companyName}}");
    expect(defaultMailTemplate("reminder", "en").subject).toBe("Reminder: invoice no. {{documentNumber}} is overdue");
  });
});
