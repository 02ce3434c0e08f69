"""Pieces every app shares, as an app: `migrate` makes the shared cache table; limits wired."""

from django.apps import AppConfig


class SitewideConfig(AppConfig):
    name = "sitewide"
    verbose_name = "Homegame site"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_login_failed

        from sitewide import limits

        user_login_failed.connect(limits.on_failed_sign_in, dispatch_uid="homegame.limits")
