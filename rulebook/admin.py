from django import forms
from django.contrib import admin
from pydantic import ValidationError

from rulebook import schema
from rulebook.forms import spec_errors
from rulebook.models import Game, refresh_related


class GameAdminForm(forms.ModelForm):
    """The admin edits the structured document; the schema checks it before saving."""

    class Meta:
        model = Game
        fields = ["data", "is_house", "owner", "house_notes"]

    def clean_data(self):
        try:
            self.spec = schema.Game.model_validate(self.cleaned_data["data"])
        except ValidationError as exc:
            raise forms.ValidationError(spec_errors(exc)) from exc
        return self.cleaned_data["data"]

    def save(self, commit=True):
        self.instance.set_spec(self.spec)
        return super().save(commit)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    form = GameAdminForm
    list_display = ["name", "version", "family", "is_house", "owner", "updated_at"]
    list_filter = ["family", "is_house", "has_wilds", "high_low"]
    search_fields = ["name", "aliases", "option_names"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        refresh_related()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        refresh_related()
