"""Reads of one row by primary key whose SQL Django builds once per database connection.

Django's ORM builds a query's SQL each time the query runs: its columns, joins, conditions
and the converters of its values. For a read by primary key that work costs several times
the query itself (about 0.5 ms against 0.07 ms on a slow 2-core host), and two such reads
come with nearly every request: the visitor's session and the match (`access.match_for`),
a card tap's included. A `PreparedGet` asks the ORM for that SQL, those converters and its
builders of related objects once, from the same queryset, then only runs the query and
builds the model instances as `QuerySet.get()` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from django.db import connections, models
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class _Plan:
    """A read's SQL and what turns its row into instances, for one database connection."""

    sql: str
    compiler: Any  # the ORM's compiler of the query: it applies the converters
    converters: dict
    start: int  # the queried model's columns in the row
    end: int
    attnames: list[str]
    populators: list  # the related objects' builders (select_related)


class PreparedGet[M: models.Model]:
    """`queryset.get(pk=key)` with its SQL built once, answering None where no row has the
    key. A plain queryset only: one with annotations is refused when its SQL is built."""

    def __init__(self, queryset: models.QuerySet[M]) -> None:
        self.queryset = queryset
        self._plans: WeakKeyDictionary[Any, _Plan] = WeakKeyDictionary()

    def get(self, key: Any) -> M | None:
        queryset = self.queryset
        db = queryset.db
        connection = connections[db]
        plan = self._plans.get(connection)
        if plan is None:
            plan = self._plans[connection] = self._plan(connection)
        key = queryset.model._meta.pk.get_db_prep_value(key, connection)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, [key])
            row = cursor.fetchone()
        if row is None:
            return None
        if plan.converters:
            (row,) = plan.compiler.apply_converters([row], plan.converters)
        fetch_mode = queryset._fetch_mode
        instance = queryset.model.from_db(
            db, plan.attnames, row[plan.start : plan.end], fetch_mode=fetch_mode
        )
        for populator in plan.populators:
            populator.populate(row, instance)
        return instance

    def _plan(self, connection: Any) -> _Plan:
        key_field = self.queryset.model._meta.pk
        sample = 0 if isinstance(key_field, models.IntegerField) else ""
        compiler = self.queryset.filter(pk=sample).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        if len(params) != 1 or compiler.annotation_col_map:
            raise ValueError(f"Not a plain read by primary key: {sql}")
        select, klass_info = compiler.select, compiler.klass_info
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return _Plan(
            sql=sql,
            compiler=compiler,
            converters=compiler.get_converters([column for column, _, _ in select]),
            start=start,
            end=end,
            attnames=[column.target.attname for column, _, _ in select[start:end]],
            populators=get_related_populators(
                klass_info, select, self.queryset.db, self.queryset._fetch_mode
            ),
        )
