"""The site's settings with the test-only urls (tests/error_urls.py), for a gunicorn under test.

Static files are named as they are: the manifest that production's storage
reads exists only after collectstatic, which these tests do not need.
"""

from homegame.settings import *  # noqa: F403
from homegame.settings import STORAGES

ROOT_URLCONF = "tests.error_urls"
STORAGES = STORAGES | {
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
}
