"""SQL the ORM of Django 5.2 does not spell on every database: a subquery's rows as one text.

`Joined` folds the one column of a (correlated) subquery into one text,
its rows joined by `SEPARATOR` in the order of their own text, so the same
rows always give the same text whatever order the database reads them in:
SQLite's GROUP_CONCAT over the subquery ordered by that column (an aggregate
of SQLite before 3.44 takes no ORDER BY of its own, and SQLite keeps an
ordered subquery's order for the aggregate over it), PostgreSQL's STRING_AGG
with its ORDER BY. No rows give NULL.

`row_text` is one row's fields as one text for it: each field cast to text,
a NULL kept apart from every value (`NULL_TEXT`), the fields joined by
`FIELD_SEPARATOR`. A field must never hold either separator (ids, numbers,
booleans, times and URL-safe tokens never do), so two different rows never
give one text.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet, Subquery, TextField, Value
from django.db.models.functions import Cast, Coalesce, Concat

SEPARATOR = ";"
FIELD_SEPARATOR = ","
NULL_TEXT = "~"
COLUMN = "row_text"


def row_text(*fields: str) -> Concat:
    """The fields of a row as one text: `1,3,false,~,…`; a NULL field reads `~`."""
    parts: list = []
    for name in fields:
        if parts:
            parts.append(Value(FIELD_SEPARATOR))
        parts.append(Coalesce(Cast(name, TextField()), Value(NULL_TEXT), output_field=TextField()))
    return Concat(*parts, output_field=TextField())


class Joined(Subquery):
    """The subquery's rows of `row_text(...)` as one text, in a stable order; NULL with none."""

    def __init__(self, queryset: QuerySet, *fields: str):
        rows = queryset.annotate(**{COLUMN: row_text(*fields)}).order_by(COLUMN).values(COLUMN)
        super().__init__(rows, output_field=TextField())

    def as_sql(self, compiler, connection, template=None, **extra_context):
        template = (
            f"(SELECT GROUP_CONCAT(joined.{COLUMN}, '{SEPARATOR}') FROM (%(subquery)s) joined)"
        )
        return super().as_sql(compiler, connection, template=template, **extra_context)

    def as_postgresql(self, compiler, connection, **extra_context):
        template = (
            f"(SELECT STRING_AGG(joined.{COLUMN}, '{SEPARATOR}' ORDER BY joined.{COLUMN}) "
            "FROM (%(subquery)s) joined)"
        )
        return super().as_sql(compiler, connection, template=template, **extra_context)


class Prepared:
    """A query the ORM compiles once per database, then runs with another value where
    `sample` stood: for the table's poll, asked every 2 s by every phone, where compiling
    the query costs far more than running it.

    `build(value)` returns the queryset for one value; `sample` must appear exactly once
    among the compiled query's parameters (pick one no real query uses). Rows come as
    the database driver gives them (SQLite's booleans as 0 and 1, say), which is all a
    fingerprint needs, and always the same way for the same data.
    """

    def __init__(self, build: Callable[[object], QuerySet], sample: object):
        self._build, self._sample = build, sample
        self._compiled: dict[str, tuple[str, tuple, int]] = {}

    def first(self, value: object, using: str = DEFAULT_DB_ALIAS) -> tuple | None:
        sql, params, at = self._compiled.get(using) or self._compile(using)
        with connections[using].cursor() as cursor:
            cursor.execute(sql, (*params[:at], value, *params[at + 1 :]))
            return cursor.fetchone()

    def _compile(self, using: str) -> tuple[str, tuple, int]:
        query = self._build(self._sample).query
        sql, params = query.get_compiler(using).as_sql()
        if list(params).count(self._sample) != 1:
            raise ValueError(f"{self._sample!r} must be one parameter of the query, once")
        self._compiled[using] = sql, tuple(params), list(params).index(self._sample)
        return self._compiled[using]
