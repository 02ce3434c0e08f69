// Share and copy on the results page. Without JavaScript the recap is a text box to
// select and copy, and an IBAN is text; these buttons appear only where the browser
// offers the share sheet or the clipboard (both need HTTPS, so not on plain HTTP at home).
(() => {
  "use strict";

  function said(button, words) {
    const before = button.textContent;
    button.textContent = words;
    setTimeout(() => { button.textContent = before; }, 2000);
  }

  function textOf(button) {
    const from = button.dataset.copyFrom || button.dataset.share;
    return from ? document.querySelector(from).value : button.dataset.copy;
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (navigator.share) {
      document.querySelectorAll("[data-share]").forEach((b) => { b.hidden = false; });
    }
    if (navigator.clipboard && window.isSecureContext) {
      document.querySelectorAll("[data-copy], [data-copy-from]").forEach((b) => { b.hidden = false; });
    }
  });

  document.addEventListener("click", (event) => {
    const share = event.target.closest("[data-share]");
    if (share) {
      navigator.share({ text: textOf(share) }).catch(() => {});  // closed: nothing to do
      return;
    }
    const copy = event.target.closest("[data-copy], [data-copy-from]");
    if (copy) {
      navigator.clipboard.writeText(textOf(copy)).then(
        () => said(copy, "Copied"),
        () => said(copy, "Not copied: select the text"),
      );
    }
  });
})();
