/** Outgoing e-mail (docs/decisions/078-e-mail.md): refusals of a message and failed sends. */
export const mail = {
  cs: {
    mail: {
      badAddress: "„{{address}}“ není platná e-mailová adresa.",
      badName: "Jméno odesílatele nesmí obsahovat konec řádku.",
      noRecipient: "Zpráva nemá žádného příjemce.",
      noSubject: "Zpráva nemá předmět.",
      badSubject: "Předmět zprávy nesmí obsahovat konec řádku.",
      badFileName: "Příloha „{{fileName}}“ nemá platný název souboru.",
      badMessageId: "„{{messageId}}“ není platné ID zprávy (tvar <něco@domena>).",
      sendTemporary: "E-mail se teď nepodařilo odeslat ({{detail}}). Poštovní server je nedostupný nebo zprávu dočasně odmítl; pozdější pokus může uspět.",
      sendPermanent: "Poštovní server e-mail odmítl ({{detail}}). Opakování nepomůže: zkontrolujte adresy příjemců a nastavení SMTP_URL.",
    },
  },
  en: {
    mail: {
      badAddress: "“{{address}}” is not a valid e-mail address.",
      badName: "The sender's name must not contain a line break.",
      noRecipient: "The message has no recipient.",
      noSubject: "The message has no subject.",
      badSubject: "The subject must not contain a line break.",
      badFileName: "Attachment “{{fileName}}” has no valid file name.",
      badMessageId: "“{{messageId}}” is not a valid message ID (the form <something@domain>).",
      sendTemporary: "The e-mail could not be sent now ({{detail}}). The mail server is unreachable or deferred the message; a later attempt may succeed.",
      sendPermanent: "The mail server refused the e-mail ({{detail}}). Retrying will not help: check the recipients' addresses and SMTP_URL.",
    },
  },
};
