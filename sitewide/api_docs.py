"""The API docs page: Swagger UI from drf-spectacular-sidecar, under the site's own policy.

SpectacularSwaggerSplitView serves Swagger UI's start-up script as a file of
its own (the same URL with ?script), so the page needs no inline script, and
templates/api/docs.html moves the inline style block drf-spectacular ships
into static/css/api-docs.css. Swagger UI then needs nothing beyond the
site-wide Content-Security-Policy (homegame/settings.py): its icons are data:
images, which img-src allows; it sets styles through the DOM, which style-src
does not govern; it fetches the schema from this site; and its validator
badge, the one image from another host, is turned off in SPECTACULAR_SETTINGS.
Should it ever need more, add it here for this page only with
csp.decorators.csp_update, never site-wide.
"""

from drf_spectacular.views import SpectacularSwaggerSplitView

docs = SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/docs.html")
