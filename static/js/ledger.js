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
    const reason = document.querySelector("#table .banner, #who-wins .banner");
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

  // The card grids: the dealer's "Who wins?" panel (templates/ledger/_who_wins.html) and a
  // player's own cards on the table. A tap posts the typed cards with the form's one-use
  // write key, so a second tap sent before the first is answered would be refused: taps
  // wait in a queue, and each is posted from the form as the answer to the one before drew
  // it (its cards, a fresh key).
  const taps = [];
  let tapping = false;
  let writes = 0; // writes sent so far: a poll sent before one must not draw over it
  let inFlight = 0;

  document.addEventListener(
    "click",
    (event) => {
      const button = event.target.closest && event.target.closest("button[name=tap]");
      if (!button || button.disabled || !button.form || !button.form.hasAttribute("data-tap-queue")) return;
      event.preventDefault();
      event.stopPropagation();
      button.classList.add("pending");
      taps.push({ form: button.form.id, value: button.value });
      nextTap();
    },
    true,
  );

  function nextTap() {
    if (tapping || !taps.length) return;
    const tap = taps.shift();
    const form = document.getElementById(tap.form);
    if (!form) {
      nextTap();
      return;
    }
    tapping = true;
    // A tap names no typed field as required (the grid's buttons are formnovalidate).
    const checks = form.noValidate;
    form.noValidate = true;
    let sent;
    try {
      sent = htmx.ajax("POST", form.getAttribute("hx-post"), {
        source: form,
        values: { tap: tap.value },
        target: form.getAttribute("hx-target"),
        swap: "outerHTML",
      });
    } finally {
      form.noValidate = checks;
    }
    Promise.resolve(sent)
      .catch(() => {
        // Not sent (the "Not saved" banner says so): the taps after it would post stale cards.
        taps.length = 0;
      })
      .finally(() => {
        tapping = false;
        nextTap();
      });
  }

  function isPoll(elt) {
    return !!elt && elt.classList && elt.classList.contains("poll");
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (isPoll(elt)) {
      // Never while a write or a tap is on its way, nor while a card field is typed in.
      const typing = document.activeElement && document.activeElement.closest
        && document.activeElement.closest(
          "#who-wins input, #who-wins select, #your-cards-form input, #your-cards-form select");
      if (inFlight || tapping || taps.length || typing) {
        event.preventDefault();
        return;
      }
      event.detail.xhr.ledgerWrites = writes;
    } else if (isWrite(event)) {
      writes += 1;
      inFlight += 1;
    }
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!isPoll(event.detail.elt) && isWrite(event)) inFlight = Math.max(0, inFlight - 1);
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    // A poll answered from before a write (or a tap still queued) would undo it on screen.
    if (isPoll(event.detail.elt) && xhr && "ledgerWrites" in xhr) {
      if (xhr.ledgerWrites !== writes || inFlight || tapping || taps.length) event.detail.shouldSwap = false;
    }
  });

  // Whichever player's grid is open (or none) stays so when the panel is drawn again: a
  // poll's answer opens the first player with no cards, not the one being tapped. A fold
  // inserted beside the old panel's open one of the same name is closed by the browser, so
  // the new panel's folds are set after each swap (on a first draw, as the server chose).
  let openBefore = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!event.detail.shouldSwap) return;
    const folds = [...document.querySelectorAll("details.player-cards")];
    const open = folds.find((fold) => fold.open);
    openBefore = folds.length ? (open ? open.id : "") : null;
  });
  document.addEventListener("htmx:afterSwap", () => {
    const folds = document.querySelectorAll("details.player-cards");
    const kept = openBefore === "" || (openBefore && document.getElementById(openBefore));
    folds.forEach((fold) => {
      fold.open = kept ? fold.id === openBefore : fold.hasAttribute("data-open");
    });
  });

  // A phone buzzes once when it becomes this player's turn (where the browser allows it).
  let lastTurn = null;
  function buzzIfMyTurn() {
    const turn = document.querySelector("[data-your-turn]");
    const mark = turn ? turn.getAttribute("data-your-turn") : null;
    // Chromium refuses (and logs an error) until the person has touched the page.
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (mark && mark !== lastTurn && navigator.vibrate && touched) navigator.vibrate(200);
    lastTurn = mark;
  }
  document.addEventListener("htmx:afterSwap", buzzIfMyTurn);
  buzzIfMyTurn();
})();
