// The ledger pages work without this file: every button is a plain form.
// With it, htmx keeps the table on a 304 or 204 poll, swaps in a refused
// write's reason (the server marks those answers X-Ledger-Refused), and the
// page says plainly when a write never reached the server.
(function () {
  if (!window.htmx) return;
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "304", swap: false },
    { code: "[23]..", swap: true },
    { code: "[45]..", swap: false, error: true },
    { code: "...", swap: false },
  ];

  const NOT_SAVED = "Not saved: the phone could not reach the table. Nothing was recorded.";
  const OUT_OF_DATE = "This phone cannot reach the table just now: what you see may be out of date.";

  function refused(xhr) {
    return xhr && xhr.getResponseHeader("X-Ledger-Refused") === "1";
  }

  function banner(text) {
    const box = document.getElementById("not-saved");
    if (!box) return;
    // A failed poll must not hide that a write was lost.
    if (text === OUT_OF_DATE && !box.hidden && box.textContent.startsWith("Not saved")) return;
    box.textContent = text;
    box.hidden = !text;
  }

  function isWrite(event) {
    const config = event.detail.requestConfig;
    return !!config && config.verb.toLowerCase() !== "get";
  }

  // A refusal is an answer, not a crash: keep it from the debug error page
  // (django-htmx's, in DEBUG) and swap it in like any other table.
  document.addEventListener(
    "htmx:beforeOnLoad",
    (event) => {
      if (refused(event.detail.xhr)) event.stopPropagation();
    },
    true,
  );
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (refused(event.detail.xhr)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    if (!refused(event.detail.xhr)) return;
    const reason = document.querySelector("#table .banner");
    if (reason) reason.scrollIntoView({ block: "center" });
  });

  document.addEventListener("htmx:sendError", (event) => {
    banner(isWrite(event) ? NOT_SAVED : OUT_OF_DATE);
  });
  document.addEventListener("htmx:responseError", (event) => {
    if (isWrite(event)) {
      banner(NOT_SAVED + " (The server answered " + event.detail.xhr.status + ".)");
    } else {
      banner(OUT_OF_DATE);
    }
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const box = document.getElementById("not-saved");
    if (!box || box.hidden || event.detail.failed) return;
    // A later write that went through clears the warning; a poll clears only its own.
    if (isWrite(event) || box.textContent === OUT_OF_DATE) banner("");
  });

  // A phone buzzes once when it becomes this player's turn (where the browser allows it).
  let lastTurn = null;
  function buzzIfMyTurn() {
    const turn = document.querySelector("[data-your-turn]");
    const mark = turn ? turn.getAttribute("data-your-turn") : null;
    if (mark && mark !== lastTurn && navigator.vibrate) navigator.vibrate(200);
    lastTurn = mark;
  }
  document.addEventListener("htmx:afterSwap", buzzIfMyTurn);
  buzzIfMyTurn();
})();
