"""WSGI entry point for gunicorn and other servers: Django's handler with the site's last resort.

sitewide/handler.py: a deadline per request, and what escapes Django
answered with the security headers instead of by the server.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")
django.setup(set_prefix=False)

from sitewide.handler import SiteHandler  # noqa: E402  (after setup: it loads the middleware)

application = SiteHandler()
