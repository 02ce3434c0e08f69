"""How the tests and benchmarks start Debian's Chromium, and the phone they pretend to be."""

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium calls home, and this machine's
# closed network refuses it many times a start.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
