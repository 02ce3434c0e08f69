"""QR codes as inline SVG, dark on white so they scan in dark mode too.

segno writes the SVG itself: the text (a join link, a pay link, an EPC
payment code) is only encoded in it, never placed in the markup, so the
result is safe to put in a page as it is.
"""

import segno
from django.utils.safestring import SafeString, mark_safe


def svg(text: str, *, scale: int) -> SafeString:
    """`text` as an inline SVG QR code of class "qr", `scale` pixels a module."""
    code = segno.make(text, error="m")
    return mark_safe(
        code.svg_inline(scale=scale, dark="#000", light="#fff", svgclass="qr", lineclass=None)
    )
