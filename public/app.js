// Ohrada page script: toasts, confirm dialog, form checks, htmx wiring, menu keys. No React here.
(function () {
  "use strict";
  var body = document.body;
  var genericError = body.getAttribute("data-generic-error") || "Někde nastala chyba";
  var formNotValid = body.getAttribute("data-form-not-valid") || "FORM_NOT_VALID";

  // ---- toasts -------------------------------------------------------------------------------
  var area = document.getElementById("toasts");
  function dismissLater(el, kind) {
    setTimeout(function () { el.remove(); }, kind === "success" ? 4000 : 9000);
  }
  function toast(kind, text) {
    if (!area || !text) return;
    // The same message again (a second refused attempt) replaces the one shown instead of piling up.
    area.querySelectorAll(".toast").forEach(function (shown) {
      var shownText = shown.querySelector(".toast-text");
      if (shownText && shownText.textContent === text) shown.remove();
    });
    var el = document.createElement("div");
    el.className = "toast toast-" + kind;
    el.setAttribute("role", kind === "success" ? "status" : "alert");
    var span = document.createElement("span");
    span.className = "toast-text";
    span.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", area.getAttribute("data-close-label") || "Close");
    close.textContent = "×";
    el.appendChild(span);
    el.appendChild(close);
    area.appendChild(el);
    dismissLater(el, kind);
  }
  window.ohrada = { toast: toast };
  if (area) {
    area.querySelectorAll(".toast").forEach(function (el) {
      dismissLater(el, el.classList.contains("toast-success") ? "success" : "other");
    });
    area.addEventListener("click", function (e) {
      var button = e.target.closest(".toast-close");
      if (button) button.parentElement.remove();
    });
  }

  // ---- confirm dialog ------------------------------------------------------------------------
  var dialog = document.getElementById("confirm-dialog");
  function confirmThen(message, proceed) {
    if (!dialog || typeof dialog.showModal !== "function") {
      if (window.confirm(message)) proceed();
      return;
    }
    dialog.querySelector(".dialog-message").textContent = message;
    dialog.returnValue = "";
    dialog.addEventListener("close", function onClose() {
      dialog.removeEventListener("close", onClose);
      if (dialog.returnValue === "confirm") proceed();
    });
    dialog.showModal();
  }
  window.ohrada.confirm = confirmThen;
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.hasAttribute("data-confirm") && !form.hasAttribute("data-confirmed")) {
      e.preventDefault();
      // data-confirm-value names a field whose value the question shows in place of {value} (the DUZP of an invoice).
      var message = form.getAttribute("data-confirm");
      var shown = form.getAttribute("data-confirm-value");
      if (shown && form.elements[shown]) message = message.replace("{value}", form.elements[shown].value.trim());
      confirmThen(message, function () {
        form.setAttribute("data-confirmed", "true");
        form.requestSubmit ? form.requestSubmit() : form.submit();
      });
    }
  });

  // ---- form checks in the browser (the server checks again) -------------------------------------
  function messageFor(form, input) {
    var v = input.validity;
    var pick = function (name) { return form.getAttribute("data-msg-" + name) || input.validationMessage; };
    if (v.valueMissing) return pick("required");
    if (v.typeMismatch) return pick(input.type === "email" ? "email" : input.type === "url" ? "url" : "invalid");
    if (v.patternMismatch) return pick(input.getAttribute("data-kind") === "date" ? "date" : input.getAttribute("data-kind") === "decimal" ? "number" : "invalid");
    return pick("invalid");
  }
  document.addEventListener(
    "submit",
    function (e) {
      var form = e.target;
      if (!form.hasAttribute("data-validate")) return;
      // A helper button (e.g. "fill IBAN from the account") submits without the checks.
      if (e.submitter && e.submitter.hasAttribute("formnovalidate")) return;
      var firstInvalid = null;
      form.querySelectorAll("input, select, textarea").forEach(function (input) {
        if (!input.willValidate) return;
        var field = input.closest(".field");
        var slot = field && field.querySelector(".field-error");
        if (input.checkValidity()) {
          if (field) field.classList.remove("field-invalid");
          if (slot) slot.textContent = "";
          return;
        }
        if (field) field.classList.add("field-invalid");
        if (slot) slot.textContent = messageFor(form, input);
        if (!firstInvalid) firstInvalid = input;
      });
      if (firstInvalid) {
        e.preventDefault();
        e.stopImmediatePropagation();
        toast("warning", formNotValid);
        firstInvalid.focus();
      }
    },
    true,
  );

  // ---- htmx --------------------------------------------------------------------------------------
  body.addEventListener("toast", function (e) {
    if (e.detail && e.detail.text) toast(e.detail.kind || "success", e.detail.text);
  });
  body.addEventListener("htmx:responseError", function (e) {
    var status = e.detail.xhr.status;
    // Only a lost session ends it; a refused role (403) keeps the user here with the server's toast.
    if (status === 401) {
      window.location.assign("/logout?expired=1");
      return;
    }
    if (!e.detail.xhr.getResponseHeader("HX-Trigger")) toast("error", genericError);
  });
  body.addEventListener("htmx:sendError", function () { toast("error", genericError); });
  // A list's URL carries only the filters in use (no `id=&name=`); a filter above the table
  // (status chips) belongs to the list through its form attribute.
  body.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (e.detail.verb !== "get" || !elt.closest || !(elt.closest(".data-table") || (elt.form && elt.form.closest(".data-table")))) return;
    var params = e.detail.parameters;
    if (params instanceof FormData) {
      Array.from(params.keys()).forEach(function (key) { if (params.getAll(key).every(function (v) { return v === ""; })) params.delete(key); });
    } else {
      Object.keys(params).forEach(function (key) { if (params[key] === "") delete params[key]; });
    }
  });
  body.addEventListener("htmx:confirm", function (e) {
    var question = e.detail.question;
    if (!question) return;
    e.preventDefault();
    confirmThen(question, function () { e.detail.issueRequest(true); });
  });

  // ---- a tabbed page's default tab on a small screen (docs/domain.md#fence-order-editor: an order opens on Items under 800 px)
  var narrowTabs = document.querySelector("[role=tablist][data-narrow-default]");
  if (narrowTabs && window.innerWidth < 800 && !new URLSearchParams(window.location.search).has("tab")) {
    window.location.replace(narrowTabs.getAttribute("data-narrow-default"));
  }

  // ---- barcode box on pages without islands ----------------------------------------------------
  // Same rule as the island (docs/domain.md#barcode-input): act 250 ms after typing stops, on more than 2 characters,
  // only when the value changed. Here acting means submitting the form to /barcode.
  document.querySelectorAll("form.barcode-box").forEach(function (form) {
    if (form.closest("[data-island]")) return;
    var input = form.querySelector("input[name=code]");
    if (!input) return;
    var timer = null;
    var last = "";
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var code = input.value.trim();
        if (code.length <= 2 || code === last) return;
        last = code;
        form.requestSubmit ? form.requestSubmit() : form.submit();
      }, 250);
    });
    form.addEventListener("submit", function () { clearTimeout(timer); });
  });

  // ---- add to basket (views/baskets/add-to-basket.tsx, POST /basket/add) -------------------------
  // A row button opens the page's one amount dialog for its product. Each opening gets a fresh
  // idempotency key, so a double submit adds once (docs/architecture.md#idempotency) while a second add is new.
  // Enter submits, Escape or Cancel closes, focus starts in the amount and returns to the button.
  function randomKey() {
    var bytes = new Uint8Array(16);
    // getRandomValues works on plain http too (randomUUID needs a secure context).
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function openAddToBasket(button) {
    var basketDialog = document.getElementById("add-to-basket-dialog");
    if (!basketDialog || typeof basketDialog.showModal !== "function") return;
    var form = basketDialog.querySelector("form");
    form.elements.namedItem("productId").value = button.getAttribute("data-add-to-basket");
    form.elements.namedItem("idempotencyKey").value = randomKey();
    basketDialog.querySelector("[data-slot=product-name]").textContent = button.getAttribute("data-product-name") || "";
    var amount = form.elements.namedItem("amount");
    amount.value = amount.defaultValue || "1";
    basketDialog.addEventListener("close", function onClose() {
      basketDialog.removeEventListener("close", onClose);
      if (document.contains(button)) button.focus();
    });
    basketDialog.showModal();
    amount.focus();
    amount.select();
  }
  document.addEventListener("click", function (e) {
    var opener = e.target.closest && e.target.closest("[data-add-to-basket]");
    if (opener) { e.preventDefault(); openAddToBasket(opener); return; }
    var cancel = e.target.closest && e.target.closest("[data-dialog-cancel]");
    if (cancel && cancel.closest("dialog")) cancel.closest("dialog").close();
    // A "Print" button (the manufacture list): the page's print rules leave out menu and baskets.
    if (e.target.closest && e.target.closest("[data-print]")) { e.preventDefault(); window.print(); }
  });
  // Only an amount greater than 0 adds (docs/domain.md#products-list): say so at once and keep the dialog open.
  // The server checks again (and the 3-decimal limit).
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList || !form.classList.contains("add-to-basket-form")) return;
    var amount = form.elements.namedItem("amount");
    var text = amount.value.replace(/[\s\u00a0]/g, "").replace(",", ".");
    var number = /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
    if (number > 0) return;
    e.preventDefault();
    toast("warning", form.getAttribute(isNaN(number) ? "data-msg-number" : "data-msg-amount-positive"));
    amount.focus();
    amount.select();
  });
  // The barcode island adds without leaving the page: refresh the baskets column from this page.
  window.addEventListener("ohrada:baskets-changed", function () {
    var column = document.querySelector("aside.baskets-column");
    if (!column || !window.fetch || !window.DOMParser) return;
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var fresh = html && new DOMParser().parseFromString(html, "text/html").querySelector("aside.baskets-column");
        if (fresh) column.replaceWith(document.importNode(fresh, true));
      })
      .catch(function () { /* the column catches up on the next page */ });
  });

  // ---- Excel downloads (decision 060) -------------------------------------------------------------
  // A link or form marked data-download="xlsx" fetches the file itself: a workbook is saved under the
  // server's file name; a refusal or a failure shows the server's translated toast (its HX-Trigger, as
  // for htmx) or the page's "could not download" text, and the page stays as it was. Without this
  // script the link or form is a plain download.
  var downloadFailed = body.getAttribute("data-download-failed") || genericError;
  function fileNameOf(response, fallback) {
    var header = response.headers.get("Content-Disposition") || "";
    var utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
    if (utf8) { try { return decodeURIComponent(utf8[1]); } catch (err) { /* the plain name below */ } }
    var plain = /filename="?([^";]+)"?/i.exec(header);
    return plain ? plain[1] : fallback;
  }
  function refusalOf(response) {
    var trigger = response.headers.get("HX-Trigger");
    if (trigger) {
      try {
        var parsed = JSON.parse(trigger);
        if (parsed && parsed.toast && parsed.toast.text) return Promise.resolve(parsed.toast);
      } catch (err) { /* the generic text below */ }
    }
    // An API path answers the envelope: a refusal's messages.
    return response.json().then(
      function (envelope) { return envelope && Array.isArray(envelope.data) && envelope.data.length ? { kind: "fail", text: envelope.data.join(" ") } : null; },
      function () { return null; },
    );
  }
  function download(trigger, url, init) {
    if (trigger.getAttribute("aria-busy") === "true") return;
    trigger.setAttribute("aria-busy", "true");
    var headers = { "HX-Request": "true", Accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json" };
    if (init.body) headers["Content-Type"] = "application/x-www-form-urlencoded";
    fetch(url, { method: init.method || "GET", body: init.body, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        var redirect = response.headers.get("HX-Redirect");
        if (redirect) { window.location.assign(redirect); return; }
        if (!response.ok) {
          return refusalOf(response).then(function (refusal) {
            toast(refusal ? (refusal.kind === "fail" || refusal.kind === "warning" ? "warning" : "error") : "error", refusal ? refusal.text : downloadFailed);
            trigger.setAttribute("data-download-state", "failed");
          });
        }
        return response.blob().then(function (blob) {
          var link = document.createElement("a");
          link.href = URL.createObjectURL(blob);
          link.download = fileNameOf(response, "export.xlsx");
          document.body.appendChild(link);
          link.click();
          link.remove();
          setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
          trigger.setAttribute("data-download-state", "done");
        });
      })
      .catch(function () {
        toast("error", downloadFailed);
        trigger.setAttribute("data-download-state", "failed");
      })
      .then(function () { trigger.removeAttribute("aria-busy"); });
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest('a[data-download="xlsx"]');
    // A new tab or window (a modifier key, the middle button) stays the browser's own.
    if (!link || e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    download(link, link.href, { method: "GET" });
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !form.matches('form[data-download="xlsx"]')) return;
    e.preventDefault();
    var method = (form.getAttribute("method") || "get").toUpperCase();
    var params = new URLSearchParams(new FormData(form)).toString();
    if (method === "GET") download(form, form.action + (form.action.indexOf("?") < 0 ? "?" : "&") + params, { method: "GET" });
    else download(form, form.action, { method: method, body: params });
  });

  // ---- menu from the keyboard --------------------------------------------------------------------
  var menubar = document.querySelector(".menu[role=menubar]");
  if (menubar) {
    var topItems = function () { return Array.prototype.slice.call(menubar.children).map(function (li) { return li.firstElementChild; }); };
    menubar.addEventListener("keydown", function (e) {
      var current = document.activeElement;
      var li = current && current.parentElement;
      if (!li) return;
      var list = li.parentElement;
      var siblings = Array.prototype.slice.call(list.children).map(function (x) { return x.firstElementChild; });
      var index = siblings.indexOf(current);
      var topLevel = list === menubar;
      var focus = function (el) { if (el) { e.preventDefault(); el.focus(); } };
      switch (e.key) {
        case "ArrowRight":
          if (topLevel) focus(siblings[(index + 1) % siblings.length]);
          else if (li.querySelector(".submenu")) focus(li.querySelector(".submenu a, .submenu button"));
          else { var tops = topItems(); var top = current.closest(".menu > li").firstElementChild; focus(tops[(tops.indexOf(top) + 1) % tops.length]); }
          break;
        case "ArrowLeft":
          if (topLevel) focus(siblings[(index - 1 + siblings.length) % siblings.length]);
          else focus(list.parentElement.firstElementChild);
          break;
        case "ArrowDown":
          if (topLevel) focus(li.querySelector(".submenu a, .submenu button"));
          else focus(siblings[(index + 1) % siblings.length]);
          break;
        case "ArrowUp":
          if (!topLevel) focus(index === 0 ? list.parentElement.firstElementChild : siblings[index - 1]);
          break;
        case "Escape":
          focus(current.closest(".menu > li").firstElementChild);
          current.blur && menubar.classList.add("menu-closed");
          break;
        case "Enter":
        case " ":
          if (current.tagName === "BUTTON") focus(li.querySelector(".submenu a, .submenu button"));
          break;
      }
    });
    // Escape hides the open submenu; the pointer or a focus move brings the menu back.
    menubar.addEventListener("mouseover", function () { menubar.classList.remove("menu-closed"); });
    menubar.addEventListener("focusout", function () { menubar.classList.remove("menu-closed"); });
    menubar.addEventListener("focusin", function (e) {
      menubar.classList.remove("menu-closed");
      menubar.querySelectorAll("[aria-expanded]").forEach(function (b) {
        b.setAttribute("aria-expanded", b.parentElement.contains(e.target) ? "true" : "false");
      });
    });
  }
})();
