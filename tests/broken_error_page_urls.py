"""A test-only urlconf whose 500 page fails too: what escapes Django entirely."""

from tests.error_urls import urlpatterns  # noqa: F401


def broken_server_error(request, *args, **kwargs):
    raise RuntimeError("a bug in the 500 page")


handler500 = "tests.broken_error_page_urls.broken_server_error"
