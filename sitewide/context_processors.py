"""Template context shared by every page."""

from django.http import HttpRequest

SUITS_COOKIE = "suits"


def preferences(request: HttpRequest) -> dict[str, bool]:
    """The four-colour-suit choice lives in a cookie so it works without an account."""
    return {"four_colour_suits": request.COOKIES.get(SUITS_COOKIE) == "four"}
