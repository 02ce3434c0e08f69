// Progressive extras only: every page works without this file.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// Dealer mode keeps the screen awake while the dealer steps through a hand.
let wakeLock = null;
async function keepAwake() {
  if (!document.querySelector("[data-wake-lock]") || !("wakeLock" in navigator)) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
  } catch (err) {
    wakeLock = null;
  }
}
document.addEventListener("DOMContentLoaded", keepAwake);
document.addEventListener("htmx:afterSettle", keepAwake);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") keepAwake();
});

// A form marked data-confirm="question" asks first; without this file it simply submits.
// (An inline onsubmit would be refused by the Content-Security-Policy.) It listens while
// the event comes down, so a "no" also stops htmx, which listens on the form itself.
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
    if (window.confirm(form.dataset.confirm)) return;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);

// A form marked data-htmx="<htmx's URL>" (the rulebook search) is a plain GET form; htmx,
// which updates its results in place, loads only once someone starts using it, so the page's
// first visit stays small. Whatever was typed or picked before it arrived is sent then.
function changedFromPage(form) {
  return [...form.elements].some((el) =>
    el instanceof HTMLSelectElement
      ? [...el.options].some((option) => option.selected !== option.defaultSelected)
      : el instanceof HTMLInputElement && el.value !== el.defaultValue,
  );
}

function loadHtmxFor(form) {
  if (window.htmx || document.querySelector("script[data-htmx-later]")) return;
  const script = document.createElement("script");
  script.src = form.dataset.htmx;
  script.dataset.htmxLater = "";
  // htmx processes the page as it runs (the page has loaded by now); then catch up.
  script.addEventListener("load", () => {
    if (changedFromPage(form)) form.requestSubmit();
  });
  document.head.append(script);
}

function enhanceLater(form) {
  const start = () => {
    // htmx sets itself up at once only on a page that has finished loading.
    if (document.readyState === "complete") loadHtmxFor(form);
    else window.addEventListener("load", () => loadHtmxFor(form), { once: true });
  };
  for (const type of ["focusin", "pointerdown", "input", "change"]) {
    form.addEventListener(type, start, { once: true });
  }
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form[data-htmx]").forEach(enhanceLater);
});
