"""Query strings and form fields with a lone UTF-16 surrogate: a 400 saying so, pages and API.

A browser cannot send one: Django decodes a query string or a form as UTF-8,
and bytes that are no character become U+FFFD. A client that names another
charset (`unicode_escape` here) can, and the page that repeated it answered
500. sitewide/request_text.py refuses it before any view.
"""

import pytest
from django.test import Client

from sitewide import request_text

pytestmark = pytest.mark.django_db

ESCAPING = "text/plain; charset=unicode_escape"  # `\ud83c` in the bytes becomes the surrogate
BOUNDARY = "BoUnDaRy"


@pytest.fixture
def phone() -> Client:
    return Client(raise_request_exception=False)


def multipart(*fields: tuple[str, str]) -> bytes:
    """A multipart body of (name, value) fields, as the bytes a client sends."""
    lines = []
    for name, value in fields:
        lines += [f"--{BOUNDARY}", f'Content-Disposition: form-data; name="{name}"', "", value]
    return "\r\n".join([*lines, f"--{BOUNDARY}--", ""]).encode()


def post_multipart(phone: Client, path: str, body: bytes, charset: str = "unicode_escape"):
    """The body as it is: the test client would re-encode it in a charset it was given."""
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    return phone.post(
        path, body, content_type=content_type, CONTENT_TYPE=f"{content_type}; charset={charset}"
    )


def refused_page(response, where: str) -> None:
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == request_text.NOT_TEXT.format(where=where)


def test_a_query_string_on_a_page(phone):
    response = phone.get("/rules/?q=%5Cud83c", CONTENT_TYPE=ESCAPING)
    refused_page(response, "The address's parameter 'q'")


def test_a_parameter_name_on_a_page(phone):
    response = phone.get("/rules/?%5Cud83c=1", CONTENT_TYPE=ESCAPING)
    refused_page(response, request_text.IN_PARAMETER_NAME)


def test_a_query_string_under_the_api_is_refused_in_the_one_shape(phone):
    response = phone.get("/api/variants/?search=%5Cud83c", CONTENT_TYPE=ESCAPING)
    assert response.status_code == 400
    message = request_text.NOT_TEXT.format(where="The address's parameter 'search'")
    assert response.json() == {"detail": message, "fields": {"search": [message]}}


def test_a_form_field_sent_in_a_codec_that_makes_surrogates(phone, django_user_model):
    body = multipart(("username", "\\ud83c"), ("password1", "x"), ("password2", "x"))
    refused_page(post_multipart(phone, "/accounts/signup/", body), "The form's field 'username'")
    assert not django_user_model.objects.exists()


def test_a_form_field_name(phone):
    refused_page(
        post_multipart(phone, "/accounts/signup/", multipart(("\\ud83c", "x"))),
        request_text.IN_FIELD_NAME,
    )


def test_utf8_bytes_of_a_surrogate_are_no_character_and_django_reads_them_as_u_fffd(phone):
    """What a browser can send: the three bytes UTF-8 would use are invalid, and replaced."""
    assert phone.get("/rules/?q=%ED%A0%BC").status_code == 200
    body = multipart(("username", "\\ud83c")).replace(b"\\ud83c", b"\xed\xa0\xbc")
    response = post_multipart(phone, "/accounts/signup/", body, charset="utf-8")
    assert response.status_code == 200  # the form again, the name refused by its own rule
    assert "\ufffd" in response.content.decode()


def test_django_reads_a_urlencoded_form_in_utf8_only(phone):
    response = phone.post(
        "/accounts/login/",
        b"username=%5Cud83c&password=x",
        content_type="application/x-www-form-urlencoded; charset=unicode_escape",
    )
    assert response.status_code == 400
