"""Settings for Homegame, read from DJANGO_-prefixed environment variables.

The defaults suit a laptop on the kitchen table: debug on, SQLite beside the
code, localhost only. Production sets DJANGO_DEBUG=0, a real
DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and usually DATABASE_URL.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from sitewide.client_address import parse_networks

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_seconds(name: str, default: float) -> float:
    try:
        seconds = float(os.environ.get(name, default))
    except ValueError:
        seconds = -1
    if not 0 <= seconds < 3600:
        raise ImproperlyConfigured(f"{name} must be a number of seconds, 0 for none.")
    return seconds


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)
_DEV_KEY = "django-insecure-homegame-development-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", _DEV_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")
# Proxies and load balancers in front of the site (addresses or CIDR networks): only a
# connection from one of them may say in X-Forwarded-For whose request it passes on, which
# the per-address limits count by (sitewide/client_address.py). Empty: trust nobody.
try:
    TRUSTED_PROXIES = parse_networks(env_list("DJANGO_TRUSTED_PROXIES", ""))
except ValueError as error:
    raise ImproperlyConfigured(f"DJANGO_TRUSTED_PROXIES: {error}") from None

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_ratelimit",
    "sitewide",
    "rulebook",
    "ledger",
]

MIDDLEWARE = [
    # Outermost: every answer, an error from any layer below too, leaves with the security
    # headers of SecurityMiddleware, XFrameOptionsMiddleware and CSPMiddleware
    # (sitewide/security_headers.py; sitewide/handler.py for what escapes Django).
    "sitewide.security_headers.SecurityHeaders",
    # Next: X-Forwarded-Proto only from a listed proxy, before anything asks is_secure().
    "sitewide.proxies.ForwardedProtoFromTrustedProxies",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Query strings and form fields are text: a lone UTF-16 surrogate is a 400, never a 500.
    "sitewide.request_text.RefuseLoneSurrogates",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
]

# Seconds a request may run before it is stopped and answered 503 (sitewide/deadline.py):
# shorter than gunicorn's --timeout (30 in deploy/serve.sh, gunicorn's default too), so the
# client gets the site's answer instead of gunicorn's. 0: no deadline.
REQUEST_DEADLINE = env_seconds("DJANGO_REQUEST_DEADLINE", 25)

ROOT_URLCONF = "homegame.urls"
WSGI_APPLICATION = "homegame.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sitewide.context_processors.preferences",
            ],
        },
    },
]

_SQLITE_OPTIONS = {
    # Several phones write at once: WAL lets readers run beside the writer, and
    # IMMEDIATE takes the write lock up front so no transaction fails half-way.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = _SQLITE_OPTIONS

# Hold every hand tally a read takes to a replay of the journal (ledger/services/hands.py);
# the tests run with it on, production off (it costs the four queries the tally saves).
LEDGER_CHECK_TALLY = env_bool("DJANGO_LEDGER_CHECK_TALLY", False)

# "default": rendered rule bodies, keyed by the rulebook's version, so a stale one is never read.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # What every process must see alike: failed sign-ins and join attempts (django-ratelimit).
    # The database, with an atomic increment (sitewide/caches.py); its table is made by
    # `migrate` (sitewide/migrations/0001_shared_cache.py). Room for many addresses before
    # any count is culled early.
    "shared": {
        "BACKEND": "sitewide.caches.SharedDatabaseCache",
        "LOCATION": "homegame_shared_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
}
RATELIMIT_USE_CACHE = "shared"
# django-ratelimit warns (W001) for any cache it does not know by name; it names only memcached
# and Redis. Ours is Django's DatabaseCache made atomic where the library needs it (incr), so the
# warning says nothing about it. Its error for the plain DatabaseCache (E003) is not silenced.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Django's password check, not even tried past the failed sign-in limits (sitewide/limits.py).
AUTHENTICATION_BACKENDS = ["sitewide.limits.LimitedModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "rulebook:index"
LOGOUT_REDIRECT_URL = "rulebook:index"

LANGUAGE_CODE = "en"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
# collectstatic writes here and whitenoise serves from here (with the manifest, when debug is off).
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "sitewide.api_errors.StrictPagination",
    "PAGE_SIZE": 100,
    # JSON only, in one error shape (sitewide/api_errors.py), bounded in size and depth.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["sitewide.api_errors.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "sitewide.api_errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Homegame API",
    "DESCRIPTION": "The rulebook and chip ledger of a home poker night.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No validator badge: it loads an image from swagger.io, which the CSP refuses.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "REDOC_DIST": "SIDECAR",
    # High, low or both: one name for the declaration wherever the API takes it.
    "ENUM_NAME_OVERRIDES": {"DeclareEnum": "rulebook.showdown.request_check.DECLARES"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "sitewide.api_schema.add_common_responses",
    ],
}

# Content-Security-Policy (django-csp): every page runs only the site's own scripts and
# styles, so no inline script, inline style, style attribute or event handler works, and
# no request leaves the site. img-src allows data: because Swagger UI's stylesheet draws
# an icon from a data: URL. The API docs page needs nothing more (sitewide/api_docs.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "manifest-src": [SELF],
        "worker-src": [SELF],
    }
}

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
