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
