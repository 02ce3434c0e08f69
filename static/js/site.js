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
