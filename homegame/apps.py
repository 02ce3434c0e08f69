"""The site itself as an app, so `migrate` makes the shared cache's table and limits are wired."""

from django.apps import AppConfig


class HomegameConfig(AppConfig):
    name = "homegame"
    verbose_name = "Homegame site"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_login_failed

        from homegame import limits

        user_login_failed.connect(limits.on_failed_sign_in, dispatch_uid="homegame.limits")
