"""WSGI entry point for gunicorn and other servers."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")
application = get_wsgi_application()
