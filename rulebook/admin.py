from django.contrib import admin

from rulebook.models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "family", "is_house", "owner", "updated_at"]
    list_filter = ["family", "is_house", "has_wilds", "high_low"]
    search_fields = ["name", "aliases", "option_names"]
    readonly_fields = ["search_text", "updated_at"]
